// Wire shapes of the sandbox (all of Tase's own design), and the fixture format of `POST /sandbox/seed` and
// `tase seed FILE`, whose JSON Schema is kept in schemas/sandbox-fixture.schema.json.
import { Type, Addition, StringEnum, Text, Id, DateTimeString, type Static } from '../platform/schema.ts';

export const MFA_OUTCOMES = ['CONFIRM', 'REJECT', 'EXPIRE'] as const;

export const SandboxClock = Addition(
  Type.Object(
    {
      now: DateTimeString({ description: 'The service clock (UTC).' }),
      offsetSeconds: Type.Integer({ description: 'How far the clock has been moved ahead of the real time.' }),
    },
    { title: 'SandboxClock', additionalProperties: false },
  ),
);
export type SandboxClockWire = Static<typeof SandboxClock>;

export const ClockMove = Addition(
  Type.Object(
    {
      advanceSeconds: Type.Integer({
        minimum: 1,
        maximum: 400 * 24 * 3600,
        description: 'Seconds to move the clock forward (at most 400 days; it never goes back).',
      }),
    },
    { title: 'SandboxClockMove', additionalProperties: false },
  ),
);

export const MfaScript = Addition(
  Type.Object(
    {
      outcome: StringEnum([...MFA_OUTCOMES], {
        description:
          'How new two-factor transactions of the company end: CONFIRM (at once, the default), REJECT (status 406) ' +
          'or EXPIRE (status 408). The `X-Tase-Sandbox-Mfa` header of a request overrides it for that request.',
      }),
    },
    { title: 'SandboxMfaScript', additionalProperties: false },
  ),
);

export const ResetRequest = Addition(
  Type.Object(
    {
      scope: Type.Optional(
        StringEnum(['COMPANY', 'ALL'], {
          description: "COMPANY (default): the caller's company; ALL: every company of the sandbox.",
        }),
      ),
    },
    { title: 'SandboxReset', additionalProperties: false },
  ),
);

export const ResetResult = Addition(
  Type.Object(
    {
      companies: Type.Array(Id()),
      deletedRows: Type.Integer(),
      clock: Type.Object(SandboxClock.properties, {
        additionalProperties: false,
        description: "The clock after the reset (set back only by a sandbox administrator's reset).",
      }),
    },
    { title: 'SandboxResetResult', additionalProperties: false },
  ),
);
export type ResetResultWire = Static<typeof ResetResult>;

const SnapshotName = Text(64, { minLength: 1, pattern: '^[A-Za-z0-9._-]+$' });

export const SnapshotRequest = Addition(
  Type.Object({ name: SnapshotName }, { title: 'SandboxSnapshotRequest', additionalProperties: false }),
);

const SnapshotObject = Type.Object(
  {
    name: Type.String(),
    takenAt: DateTimeString({ description: 'The service clock when it was taken.' }),
    rows: Type.Integer({ description: 'Rows of the company it holds, every table together.' }),
    clockOffsetSeconds: Type.Integer({ description: 'The clock offset it was taken at (see GET /sandbox/clock).' }),
  },
  { title: 'SandboxSnapshot', additionalProperties: false },
);
export const Snapshot = Addition(SnapshotObject);
export type SnapshotWire = Static<typeof SnapshotObject>;

export const Snapshots = Addition(
  Type.Object({ results: Type.Array(SnapshotObject) }, { title: 'SandboxSnapshots', additionalProperties: false }),
);

export const SnapshotParams = Type.Object({ name: SnapshotName });

export const RestoreResult = Addition(
  Type.Object(
    {
      name: Type.String(),
      deletedRows: Type.Integer(),
      restoredRows: Type.Integer(),
      durationMs: Type.Integer({ description: 'Time the restore took in the database.' }),
      clock: Type.Object(SandboxClock.properties, { additionalProperties: false }),
    },
    { title: 'SandboxRestoreResult', additionalProperties: false },
  ),
);
export type RestoreResultWire = Static<typeof RestoreResult>;

const Attempt = Type.Object(
  {
    at: DateTimeString(),
    status: Type.Optional(Type.Integer({ description: 'HTTP status the receiver answered.' })),
    error: Type.Optional(Type.String()),
    durationMs: Type.Integer(),
  },
  { additionalProperties: false },
);

const InspectedDelivery = Type.Object(
  {
    deliveryId: Type.String(),
    webhookUuid: Type.String(),
    url: Type.String(),
    eventType: Type.String(),
    status: Type.String({ description: 'PENDING, DELIVERED, FAILED or CANCELED.' }),
    attempts: Type.Integer(),
    createdAt: DateTimeString(),
    deliveredAt: Type.Optional(DateTimeString()),
    lastResponseStatus: Type.Optional(Type.Integer()),
    lastError: Type.Optional(Type.String()),
    attemptLog: Type.Array(Attempt, { description: 'Every attempt (the first and its retries) with its answer.' }),
    body: Type.String({ description: 'The message exactly as sent.' }),
    signatureHeader: Type.Optional(Type.String()),
    signature: Type.Optional(Type.String({ description: 'The signature sent with it (webhooks with HMAC).' })),
  },
  { title: 'SandboxWebhookDelivery', additionalProperties: false },
);
export type InspectedDeliveryWire = Static<typeof InspectedDelivery>;

export const InspectedDeliveries = Addition(
  Type.Object({ results: Type.Array(InspectedDelivery) }, { title: 'SandboxWebhookDeliveries' }),
);

const Body = (what: string) =>
  Type.Array(
    Type.Object(
      { key: Type.Optional(Text(50, { pattern: '^[A-Za-z0-9_-]+$' })) },
      {
        additionalProperties: true,
        description:
          `${what}; \`key\` (optional) names the created resource: a text "@key" anywhere in a later body is ` +
          'replaced by its id.',
      },
    ),
    { maxItems: 1000 },
  );

const FixtureCompany = Type.Object(
  {
    name: Text(80, { minLength: 1 }),
    businessId: Type.Optional(Text(20)),
    businessForm: Type.Optional(StringEnum(['LIMITED_COMPANY', 'SOLE_TRADER'])),
    users: Type.Array(
      Type.Object(
        {
          username: Text(100, { minLength: 3 }),
          password: Type.Optional(Text(200)),
          firstName: Text(50),
          lastName: Text(50),
          email: Text(100),
          role: Type.Optional(StringEnum(['ADMIN', 'ACCOUNTANT', 'BOOKKEEPER', 'VIEWER', 'EMPLOYEE'])),
          apiKeyForClient: Type.Optional(
            Text(100, { description: 'Makes an API key of this user on that client (clientId of `clients`).' }),
          ),
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: 100, description: 'The first user seeds the registers below (an ADMIN).' },
    ),
    partners: Type.Optional(Body('Bodies of POST /businesspartners (customers, suppliers, persons)')),
    products: Type.Optional(Body('Bodies of POST /products')),
    employees: Type.Optional(Body('Bodies of POST /payrolls/employees/salaryinfo (personId: "@key" of a person)')),
    invoices: Type.Optional(Body('Bodies of POST /invoices')),
    ledgerReceipts: Type.Optional(Body('Bodies of POST /ledgerreceipts')),
  },
  { additionalProperties: false },
);

export const Fixture = Addition(
  Type.Object(
    {
      clients: Type.Optional(
        Type.Array(
          Type.Object(
            {
              clientId: Text(100, { minLength: 3, pattern: '^[A-Za-z0-9._-]+$' }),
              name: Text(100, { minLength: 1 }),
              redirectUri: Text(2000),
            },
            { additionalProperties: false },
          ),
          { maxItems: 20 },
        ),
      ),
      companies: Type.Array(FixtureCompany, { minItems: 1, maxItems: 50 }),
    },
    {
      title: 'SandboxFixture',
      description:
        'Companies with their users, OAuth clients and API keys, and the registers and documents to create in ' +
        'them through the API, in this order: partners, products, employees, invoices, ledger receipts.',
      additionalProperties: false,
    },
  ),
);
export type FixtureWire = Static<typeof Fixture>;

export const SeedResult = Addition(
  Type.Object(
    {
      clients: Type.Array(
        Type.Object({ clientId: Type.String(), clientSecret: Type.String() }, { additionalProperties: false }),
      ),
      companies: Type.Array(
        Type.Object(
          {
            companyId: Id(),
            name: Type.String(),
            users: Type.Array(
              Type.Object(
                { username: Type.String(), userId: Id(), apiKey: Type.Optional(Type.String()) },
                { additionalProperties: false },
              ),
            ),
            keys: Type.Record(Type.String(), Type.Integer(), { description: 'The id of each keyed resource.' }),
          },
          { additionalProperties: false },
        ),
      ),
    },
    { title: 'SandboxSeedResult', additionalProperties: false },
  ),
);
export type SeedResultWire = Static<typeof SeedResult>;

const FAULT_KINDS = ['STATUS', 'DELAY', 'DROP', 'SUSPEND', 'EXPIRE_TOKEN'] as const;

const faultFields = {
  path: Text(300, {
    minLength: 1,
    pattern: '^/',
    description:
      'The API path after `/api` the rule matches; `*` stands for any text in a segment, `**` for any segments.',
  }),
  method: Type.Optional(StringEnum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE'])),
  clientId: Type.Optional(Text(100, { description: "Only this OAuth client's requests (default: every client's)." })),
  kind: StringEnum([...FAULT_KINDS], {
    description:
      'STATUS: answer `status` with the error body; DELAY: answer `delayMs` later; DROP: close the connection ' +
      'unanswered; SUSPEND: suspend the client for `suspendSeconds` (every request 403), as the real service ' +
      'may when a client exceeds its request rate; EXPIRE_TOKEN: the access token of the request has expired ' +
      '(401 for it from then on).',
  }),
  status: Type.Optional(Type.Integer({ minimum: 400, maximum: 599 })),
  message: Type.Optional(Text(500)),
  delayMs: Type.Optional(Type.Integer({ minimum: 1, maximum: 60_000 })),
  suspendSeconds: Type.Optional(Type.Integer({ minimum: 1, maximum: 3600 })),
  count: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000, description: 'Requests it applies to.' })),
  forSeconds: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 86_400, description: 'How long it holds (on the service clock).' }),
  ),
};

export const FaultRequest = Addition(
  Type.Object(faultFields, {
    title: 'SandboxFaultRequest',
    additionalProperties: false,
    description: 'A rule needs `count` or `forSeconds` (or both: whichever ends first).',
  }),
);
export type FaultRequestWire = Static<typeof FaultRequest>;

const FaultObject = Type.Object(
  {
    id: Type.Integer(),
    ...faultFields,
    remaining: Type.Optional(Type.Integer({ description: 'Requests it still applies to.' })),
    until: Type.Optional(DateTimeString({ description: 'When it ends.' })),
  },
  { title: 'SandboxFault', additionalProperties: false },
);
export const Fault = Addition(FaultObject);
export type FaultWire = Static<typeof FaultObject>;
export const FaultList = Addition(
  Type.Object({ results: Type.Array(FaultObject) }, { title: 'SandboxFaults', additionalProperties: false }),
);

export const JournalQuery = Type.Object(
  {
    clientId: Type.Optional(Text(100)),
    path: Type.Optional(Text(300, { description: 'Requests whose API path (after `/api`) starts with this.' })),
    status: Type.Optional(Type.Integer({ minimum: 100, maximum: 599 })),
    since: Type.Optional(DateTimeString({ description: 'From this time of the service clock (UTC).' })),
    until: Type.Optional(DateTimeString()),
    page: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000 })),
    size: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
  },
  { additionalProperties: false },
);
export type JournalQueryWire = Static<typeof JournalQuery>;

const JournalEntryObject = Type.Object(
  {
    id: Type.Integer(),
    at: DateTimeString({ description: 'When it was answered (service clock).' }),
    method: Type.String(),
    path: Type.String({ description: 'The API path after `/api`.' }),
    query: Type.String({ description: 'The query string, secrets redacted.' }),
    status: Type.Integer(),
    durationMs: Type.Integer(),
    clientId: Type.Optional(Type.String()),
    requestBody: Type.Optional(Type.String({ description: 'As received (JSON), secrets redacted, cut at 4096.' })),
    answerBody: Type.Optional(Type.String({ description: 'As answered, secrets redacted, cut at 4096.' })),
  },
  { title: 'SandboxRequest', additionalProperties: false },
);
export type JournalEntryWire = Static<typeof JournalEntryObject>;

export const Journal = Addition(
  Type.Object(
    {
      results: Type.Array(JournalEntryObject),
      meta: Type.Object(
        { page: Type.Integer(), size: Type.Integer(), totalCount: Type.Integer() },
        { additionalProperties: false },
      ),
    },
    { title: 'SandboxRequests', additionalProperties: false },
  ),
);
