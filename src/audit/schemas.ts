// Wire schemas of the audit trail of the books (our addition: the real interface has none).
import { Type, DateString, DateTimeString, Page, StringEnum, type Static } from '../platform/schema.ts';

const AUDIT_SUBJECTS = ['FISCAL_YEAR', 'FISCAL_PERIOD', 'VAT_RETURN', 'LEDGER_ACCOUNT'] as const;
export type AuditSubject = (typeof AUDIT_SUBJECTS)[number];

const Snapshot = Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()], {
  description: 'The subject as its own operations show it; null where it did not exist.',
});

const AuditEvent = Type.Object(
  {
    id: Type.Integer(),
    subject: StringEnum([...AUDIT_SUBJECTS], { description: 'What changed.' }),
    subjectId: Type.String({ description: "The subject's id (a ledger account's number)." }),
    action: Type.String({
      description:
        'CLOSE, REOPEN or PENDING (a period or fiscal year), FILE (a VAT return), CREATE or UPDATE (a ledger account).',
    }),
    userId: Type.Union([Type.Integer(), Type.Null()], {
      description: 'Who made the change; null when the `tase admin` command made it.',
    }),
    recordedAt: DateTimeString(),
    before: Snapshot,
    after: Snapshot,
  },
  { $id: 'AuditEvent', title: 'AuditEvent', additionalProperties: false },
);
export type AuditEventWire = Static<typeof AuditEvent>;

export const AuditEventPage = Page(AuditEvent, { $id: 'AuditEventPage', title: 'AuditEventPage' });

export const AuditQuery = Type.Object(
  {
    subject: Type.Optional(StringEnum([...AUDIT_SUBJECTS], { description: 'Only changes of this kind of subject.' })),
    subjectId: Type.Optional(Type.String({ maxLength: 20, description: 'With `subject`: only this one.' })),
    startDate: Type.Optional(DateString({ description: 'Recorded on or after this day (UTC).' })),
    endDate: Type.Optional(DateString({ description: 'Recorded on or before this day (UTC).' })),
  },
  { additionalProperties: false },
);
