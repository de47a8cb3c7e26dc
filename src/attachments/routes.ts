// HTTP of attachments: upload (multipart/form-data), fetch (multipart/mixed: the metadata, then the file),
// rename and delete. Rights are those of the document a file belongs to (its reference type's owner).
import { Type, PathId } from '../platform/schema.ts';
import { route, type RouteDef } from '../platform/route.ts';
import { parseId } from '../platform/batch.ts';
import { apiError } from '../platform/errors.ts';
import { uploadedFile } from '../platform/multipart.ts';
import {
  Attachment,
  AttachmentQuery,
  AttachmentRename,
  AttachmentSearchResult,
  type AttachmentWire,
} from './schemas.ts';
import { pageRequest } from '../platform/paging.ts';
import { MAX_ATTACHMENT_BYTES, type AttachmentService } from './service.ts';

const TAGS = ['Attachments'];
const IdParam = Type.Object({ attachmentId: PathId('Attachment id (int32).') });
const RIGHTS_NOTE =
  'Needs the right over the document the file belongs to: viewing rights to fetch it, all rights to change it ' +
  '(403 otherwise).';

const Upload = Type.Object(
  {
    meta: Attachment,
    file: Type.String({
      contentMediaType: 'application/octet-stream',
      description: `The file, at most ${MAX_ATTACHMENT_BYTES} bytes.`,
    }),
  },
  { additionalProperties: false },
);

const MultipartAnswer = {
  description:
    'A `multipart/mixed` message of two parts: the attachment metadata (`application/json`, this schema), then the ' +
    'file itself (its media type as in `mimeType`, `Content-Disposition: attachment` with its name).',
  content: { 'multipart/mixed': { schema: Attachment } },
};

/** The day after a date (YYYY-MM-DD): the exclusive end of a filter that includes the date's whole day. */
function dayAfter(date: string): string {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

/** Quotes a file name for Content-Disposition: the ASCII fallback, and the exact name in RFC 5987 form. */
function dispositionOf(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * The answer of a fetch. The boundary is the file's SHA-256, which the file cannot contain, so the same file
 * answers the same bytes every time.
 */
export function multipartMixed(
  attachment: AttachmentWire,
  bytes: Buffer,
  sha256: string,
): { boundary: string; body: Buffer } {
  const boundary = `tase-${sha256}`;
  const meta =
    `--${boundary}\r\nContent-Type: application/json; charset=utf-8\r\n` +
    `Content-Disposition: inline; name="meta"\r\n\r\n${JSON.stringify(attachment)}\r\n`;
  const fileHead =
    `--${boundary}\r\nContent-Type: ${attachment.mimeType}\r\n` +
    `Content-Disposition: ${dispositionOf(attachment.name)}\r\nContent-Length: ${bytes.length}\r\n\r\n`;
  const body = Buffer.concat([Buffer.from(meta + fileHead), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { boundary, body };
}

export function attachmentRoutes(attachments: AttachmentService): RouteDef[] {
  return [
    route({
      method: 'GET',
      path: '/attachments',
      right: null,
      tags: TAGS,
      summary: 'Search attached files',
      description:
        'The files of the documents the caller may view (viewing rights over each kind of document; an invoice ' +
        "by its type's right), without their bytes. `type` narrows to kinds of document: the kinds of invoices " +
        '(SALES_INVOICE, SALES_ORDER, OFFER, PURCHASE_INVOICE, PURCHASE_ORDER, TRAVEL_INVOICE, BILL_OF_CHARGES, ' +
        'PERIODIC_TAX_RETURN) and of ledger receipts (by the receipt type) match both; BANK_STATEMENT_EVENT, ' +
        'REFERENCE_PAYMENT_EVENT and the business partner registers match those documents; kinds without documents ' +
        'in this service find nothing. 403 when the caller may view none of the kinds asked for (none at all, ' +
        'without `type`). Dates are UTC days. Ordered by `orderByName`, `orderBySize`, ' +
        '`orderByCreatedDate` (in that precedence when several are given), then by id. Paged.',
      schema: { querystring: AttachmentQuery, response: { 200: AttachmentSearchResult } },
      handler: ({ auth, query }) =>
        attachments.search(
          auth,
          {
            kinds: query.type,
            createdFrom: query.createdStartDate,
            createdBefore: query.createdEndDate === undefined ? undefined : dayAfter(query.createdEndDate),
            minSize: query.minSize,
            maxSize: query.maxSize,
            name: query.name?.toLowerCase(),
            referenceId: query.referenceId,
            orderBy: (
              [
                ['name', query.orderByName],
                ['size', query.orderBySize],
                ['created', query.orderByCreatedDate],
              ] as const
            ).flatMap(([column, order]) =>
              order ? [{ column, direction: order.toLowerCase() as 'asc' | 'desc' }] : [],
            ),
          },
          pageRequest(query),
        ),
    }),
    route({
      method: 'POST',
      path: '/attachments',
      right: null,
      // the file and the metadata beside it
      bodyLimit: MAX_ATTACHMENT_BYTES + 2 ** 20,
      tags: TAGS,
      summary: 'Attach a file to a document',
      description:
        'A `multipart/form-data` body: `meta` (the Attachment as JSON: name, referenceType, referenceId, ' +
        'sendWithInvoice) and `file`. The file holds at most 10 MB (400 `FILE_TOO_LARGE`); its type is read from ' +
        'its bytes, not its name (documents and images only: 400 `ATTACHMENT_FILE_TYPE_NOT_ALLOWED`). The ' +
        'document must exist in the company (400 `ATTACHMENT_REFERENCE_NOT_FOUND`); reference types without ' +
        'documents in this service answer 400 `ATTACHMENT_REFERENCE_TYPE_NOT_SUPPORTED`. ' +
        RIGHTS_NOTE,
      schema: { consumes: ['multipart/form-data'], body: Upload, response: { 200: Attachment } },
      handler: ({ auth, body, raw }) => attachments.create(auth, body.meta, uploadedFile(raw, 'file')),
    }),
    route({
      method: 'GET',
      path: '/attachments/:attachmentId',
      right: null,
      tags: TAGS,
      summary: 'Fetch an attachment: its metadata and the file',
      description: RIGHTS_NOTE,
      schema: { params: IdParam, response: { 200: MultipartAnswer as never } },
      handler: async ({ auth, params }, reply) => {
        const found = await attachments.get(auth, parseId(params.attachmentId, 'Attachment'));
        const { boundary, body } = multipartMixed(found.attachment, found.bytes, found.sha256);
        reply.header('content-type', `multipart/mixed; boundary=${boundary}`);
        return reply.send(body);
      },
    }),
    route({
      method: 'PATCH',
      path: '/attachments/:attachmentId',
      right: null,
      tags: TAGS,
      summary: 'Rename an attachment',
      description:
        'The new name is in the body; the `name` query parameter of older clients may repeat it (400 when they ' +
        'differ). ' +
        RIGHTS_NOTE,
      schema: {
        params: IdParam,
        querystring: Type.Object({ name: Type.Optional(Type.String({ maxLength: 255 })) }),
        body: AttachmentRename,
        response: { 200: Attachment },
      },
      handler: ({ auth, params, query, body }) => {
        if (query.name !== undefined && query.name !== body.name)
          throw apiError('VALIDATION_FAILED', 'name', { detail: "The 'name' query parameter differs from the body." });
        return attachments.rename(auth, parseId(params.attachmentId, 'Attachment'), body.name);
      },
    }),
    route({
      method: 'DELETE',
      path: '/attachments/:attachmentId',
      right: null,
      tags: TAGS,
      summary: 'Delete an attachment',
      description: RIGHTS_NOTE,
      schema: { params: IdParam, response: { 204: Type.Null({ description: 'Deleted.' }) } },
      handler: async ({ auth, params }, reply) => {
        await attachments.remove(auth, parseId(params.attachmentId, 'Attachment'));
        return reply.code(204).send();
      },
    }),
  ];
}
