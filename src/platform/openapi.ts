// One OpenAPI 3.1 document per API version, derived from the schemas the routes validate with.
import type { FastifyInstance } from 'fastify';
import { API_VERSIONS, LATEST_VERSION, VERSION_ALIASES, type ApiVersion } from './versions.ts';
import { ERRORS } from './errors.ts';
import { hasAdditions } from './additions.ts';
import { STRICTER } from './schema.ts';
import { withExamples, type ApiExamples } from './openapi-examples.ts';

/**
 * The mark a route whose body may be left out carries to the document (http.ts; Fastify's swagger takes every
 * body as required); the document turns it into `requestBody.required: false` and drops it.
 */
export const OPTIONAL_BODY = 'x-tase-optional-body';

/**
 * The version rule (`RouteDef.version`) a route carries to the document: there `version` of its body is the
 * optimistic lock the request sends, not a read-only field, and required when the rule is 'required'.
 */
export const VERSION_RULE = 'x-tase-version-rule';

type Doc = Record<string, unknown> & { paths?: Record<string, Record<string, Record<string, unknown>>> };

export const API_DESCRIPTION = `Tase is an open-source accounting and payroll service. This document describes one version of its REST API.

**Conventions.** Bodies are JSON (\`application/json\`); text is UTF-8 restricted to the Windows-1252 character set.
Decimals are JSON numbers parsed exactly (never through a binary float); each decimal field states its scale.
Dates are \`YYYY-MM-DD\`; datetimes \`YYYY-MM-DDThh:mm:ss.sss\` in UTC with no zone designator. A resource's
\`version\` is the datetime of its last change and acts as an optimistic lock: a PUT or PATCH that sends a stale
\`version\` is refused with 400. PUT overwrites (an optional field left out is removed); PATCH is a JSON merge patch
(a field left out keeps its value, \`null\` clears it). Read-only fields sent in a request must equal the stored value.

**Errors.** Every 4xx answer has the body \`{errors:[{status, message, field?}]}\`; all validation failures are reported
together, \`field\` being the path of the offending field (\`rows[0].name\`). 401 carries \`WWW-Authenticate: Bearer\`.
Unknown fields in a request body are refused (400), unknown paths answer 404 and known paths with another method 405.
What is refused before any endpoint has the same body: a path parameter over 2600 characters or a request line
over 16 KiB (414), a URL not validly percent-encoded UTF-8 (400), request line and headers over 16 KiB (431), a
request that is not valid HTTP (400), another content type (415), a body over the limit (413), malformed JSON (400).
Requests that change the same thing at the same moment end as if they had come one after the other: one succeeds,
the others get what a later request would (a second delete 404, a second close 400). Should a conflict arise that
the service does not resolve so, the request is undone as a whole and answered 409 \`CONCURRENT_WRITE\`: retry it.

**Paging.** Collections take \`page\` (0-based) and \`size\` (default 50, at most 200), or \`previousId\` for keyset paging,
and answer \`{results, meta:{pageNumber, pageSize, resultCount, totalCount}}\`. A page past the end is an empty list.
\`page\`, single ids in paths and every other integer parameter are int32 written in decimal digits: anything else, or a
value out of the documented bounds, is refused with 400 naming the parameter in \`field\`.
Batch GETs take up to 200 comma-separated ids; a multi-id request always answers a list of the valid ids, ordered.

**The real shape by default.** An answer of an operation of the real interface carries exactly the fields of the real
type, so a client that refuses unknown fields works unchanged. Tase's additions (fields marked \`x-tase-addition\` in
this document) are sent only when the request has the header \`Tase-Additions: include\`; the operations that have
such fields document the header, and their answers carry \`Vary: Tase-Additions\`. A PUT sent without the header
keeps the stored values of the additions it leaves out (a client that never saw them cannot clear them); with the
header, PUT overwrites them like any other field. Operations only Tase has (marked \`x-tase-addition\`) always
answer in full. Two-factor results keep \`errors\` in the result field of a failed action, as the interface
specification describes, with or without the header.

**Versions.** \`/vYYMM/api\` is a fixed version; \`/latest/api\` (and \`/api\`) the newest release (${LATEST_VERSION});
\`/supported/api\` the newest supported one (${VERSION_ALIASES.supported}). A version with an end of support sends
\`Deprecation\` and \`Sunset\` headers; past the end it answers 410.

**Authentication.** Every endpoint except \`/status\` and \`/oauth/token\` needs \`Authorization: Bearer <access token>\`.
Tokens come from \`POST /oauth/token\`: client credentials with an API key (machine to machine), or the authorization
code flow of the login page \`{root}/login\` (a person; PKCE S256 accepted) with refresh tokens. \`POST {root}/logout\`
ends a token. Each endpoint needs a user right (\`GET /users/rights\`); without it the answer is 403. Details under
\`POST /oauth/token\`.

**Rate limit.** Each OAuth client may make 60 requests per second (as configured), counted across all service
processes. Above it the answer is 429 with \`Retry-After\` (seconds); answers carry the IETF headers
\`RateLimit-Policy: "default";q=60;w=1\` and \`RateLimit: "default";r=<remaining>;t=<seconds to reset>\`.

${errorCatalogue()}`;

/** The error catalogue (src/platform/errors.ts) as a table: every code the service answers, its status and message. */
function errorCatalogue(): string {
  const rows = Object.entries(ERRORS).map(([code, entry]) => {
    const message = 'message' in entry ? entry.message.replaceAll('|', '\\|') : code;
    return `| \`${code}\` | ${entry.status} | ${message} |`;
  });
  return [
    '**Error codes.** `{name}` stands for a detail of the request.',
    '',
    '| code | status | message |',
    '| --- | --- | --- |',
    ...rows,
  ].join('\n');
}

/** The operation with `requestBody.required` false when its route marked its body optional (http.ts). */
function optionalBodyMarked(operation: Record<string, unknown>): Record<string, unknown> {
  if (!(OPTIONAL_BODY in operation)) return operation;
  const { [OPTIONAL_BODY]: _marker, ...rest } = operation;
  return { ...rest, requestBody: { ...(operation.requestBody as object), required: false } };
}

type Schema = Record<string, unknown> & { properties?: Record<string, Schema>; anyOf?: Schema[]; required?: string[] };

/** The schema without `readOnly`, in its alternatives too (a PATCH's `version` may be a string or null). */
function writable(schema: Schema): Schema {
  const { readOnly: _readOnly, ...rest } = schema;
  return rest.anyOf ? { ...rest, anyOf: rest.anyOf.map(writable) } : rest;
}

/** The operation with `version` of its body documented as the lock its route's version rule makes of it. */
function versionedBody(operation: Record<string, unknown>): Record<string, unknown> {
  if (!(VERSION_RULE in operation)) return operation;
  const { [VERSION_RULE]: rule, ...rest } = operation;
  const body = operation.requestBody as { content?: Record<string, { schema?: Schema }> } | undefined;
  if (!body?.content) return rest;
  const content = Object.fromEntries(
    Object.entries(body.content).map(([type, media]) => {
      const schema = media.schema;
      const version = schema?.properties?.version;
      if (!schema || !version) return [type, media];
      const required = rule === 'required' ? [...new Set([...(schema.required ?? []), 'version'])] : schema.required;
      const lock = rule === 'required' ? { ...writable(version), ...STRICTER } : writable(version);
      const locked = { ...schema, properties: { ...schema.properties, version: lock } };
      return [type, { ...media, schema: required ? { ...locked, required } : locked }];
    }),
  );
  return { ...rest, requestBody: { ...body, content } };
}

function versionDocument(full: Doc, version: ApiVersion, examples: ApiExamples): Doc {
  const prefix = `/${version.path}/api`;
  const paths: Record<string, Record<string, Record<string, unknown>>> = {};
  for (const [path, item] of Object.entries(full.paths ?? {})) {
    if (!path.startsWith(`${prefix}/`)) continue;
    const operations: Record<string, Record<string, unknown>> = {};
    for (const [method, operation] of Object.entries(item)) {
      if (method === 'head') continue;
      operations[method] = withAdditionsHeader(withExamples(versionedBody(optionalBodyMarked(operation)), examples));
    }
    paths[path.slice(prefix.length)] = operations;
  }
  const aliases = Object.entries(VERSION_ALIASES)
    .filter(([, id]) => id === version.id)
    .map(([alias]) => ({ url: `/${alias}/api`, description: `${alias} (currently ${version.id})` }));
  if (version.id === LATEST_VERSION) aliases.push({ url: '/api', description: `latest (currently ${version.id})` });
  const info = full.info as Record<string, unknown>;
  return {
    ...full,
    info: {
      ...info,
      version: version.id,
      ...(version.supportEnds ? { 'x-support-ends': version.supportEnds } : {}),
    },
    servers: [{ url: prefix, description: `version ${version.id}` }, ...aliases],
    paths,
  };
}

const ADDITIONS_PARAMETER = {
  name: 'Tase-Additions',
  in: 'header',
  required: false,
  description:
    "`include`: answer Tase's additions (fields marked `x-tase-addition`) too. Without it the answer carries exactly " +
    "the real interface's fields, and a PUT keeps the stored values of additions it leaves out.",
  schema: { type: 'string', enum: ['include'] },
  'x-tase-addition': true,
};

/** A real operation with additions in an answer documents the header that asks for them. */
function withAdditionsHeader(operation: Record<string, unknown>): Record<string, unknown> {
  if (operation['x-tase-addition']) return operation;
  const responses = (operation.responses ?? {}) as Record<string, { content?: Record<string, { schema?: unknown }> }>;
  const additions = Object.entries(responses).some(
    ([status, response]) =>
      /^2\d\d$/.test(status) &&
      Object.values(response.content ?? {}).some((media) => hasAdditions(media.schema as Record<string, unknown>)),
  );
  if (!additions) return operation;
  const parameters = (operation.parameters ?? []) as unknown[];
  return { ...operation, parameters: [...parameters, ADDITIONS_PARAMETER] };
}

export function versionDocuments(app: FastifyInstance, examples: ApiExamples): Map<string, Doc> {
  const full = app.swagger() as unknown as Doc;
  return new Map(API_VERSIONS.map((v) => [v.id, versionDocument(full, v, examples)]));
}
