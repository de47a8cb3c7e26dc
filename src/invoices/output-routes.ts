// HTTP of the outputs of invoices: the invoice image (PNG or JPEG), the PDF, the Finvoice 3.0 message, and
// purchase invoices created from Finvoice messages.
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { Type, ADDITION, PathId, StringEnum } from '../platform/schema.ts';
import { route, type RouteDef, type RequestAuth } from '../platform/route.ts';
import { apiError } from '../platform/errors.ts';
import { Attachment, multipartMixed } from '../attachments/index.ts';
import { Invoice } from './schemas.ts';
import { MAX_FRAMED_INVOICES } from '../domain/finvoice-frame.ts';
import type { InvoiceOutputs } from './outputs.ts';
import type { Caller } from './documents.ts';

const TAGS = ['Invoices'];
const InvoiceIdParam = Type.Object({ invoiceId: PathId('Invoice id (int32).') });
/** A Finvoice message is small; a larger body is refused before it is parsed. */
const MAX_FINVOICE_BYTES = 4 * 2 ** 20;

const caller = (auth: RequestAuth): Caller => ({ companyId: auth.companyId, userId: auth.userId, rights: auth.rights });

const RIGHTS_NOTE = 'Viewing rights over the invoice type are needed (404 otherwise, as for GET /invoices/{id}).';
const RENDER_NOTE =
  'Tase: drawn in a worker thread within TASE_RENDER_TIMEOUT_MS (default 30 s; the largest invoice takes ~2 s); ' +
  'past it, or when every renderer is busy, 503 `DOCUMENT_RENDER_TIMEOUT` or `DOCUMENT_RENDER_BUSY`.';

const FinvoiceMessage = Type.Unsafe<Readable>({
  type: 'string',
  contentMediaType: 'application/xml',
  description:
    'A Finvoice 3.0 message in the encoding its declaration names (ISO-8859-15, ISO-8859-1, Windows-1252 or UTF-8).',
});

const FinvoiceDelivery = Type.Object(
  { invoices: Type.Array(Invoice, { description: 'The purchase invoices, in the order of the delivery.' }) },
  { title: 'FinvoiceDelivery', additionalProperties: false },
);

/** The body's bytes: a message is decoded by the encoding its declaration names, not here. */
async function bytesOf(body: unknown): Promise<Buffer> {
  if (!(body instanceof Readable))
    throw apiError('UNSUPPORTED_MEDIA_TYPE', undefined, {
      contentType: 'application/json',
      expected: 'application/xml',
    });
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk as Uint8Array);
    size += bytes.byteLength;
    if (size > MAX_FINVOICE_BYTES) throw apiError('BODY_TOO_LARGE', undefined, { limit: MAX_FINVOICE_BYTES });
    chunks.push(bytes);
  }
  return Buffer.concat(chunks);
}

export function invoiceOutputRoutes(outputs: InvoiceOutputs): RouteDef[] {
  return [
    route({
      method: 'GET',
      path: '/invoices/:invoiceId/image',
      right: null,
      tags: TAGS,
      summary: 'The invoice as an image',
      description:
        'An A4 page of the invoice at 150 dpi (1240 × 1754 pixels): seller and buyer, rows, VAT per rate, totals, ' +
        'due date, reference and the Finnish bank barcode (virtual barcode and Code 128). `format` PNG (default) ' +
        'or JPEG (JPG is the same); `page` counts from 1 (404 `INVOICE_PAGE_NOT_FOUND` past the last page). The ' +
        'answer is `multipart/mixed` as for GET /attachments/{id}: the metadata, then the image. ' +
        `${RIGHTS_NOTE} ${RENDER_NOTE}`,
      schema: {
        params: InvoiceIdParam,
        querystring: Type.Object({
          page: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647, format: 'int32' })),
          format: Type.Optional(StringEnum(['PNG', 'JPG', 'JPEG'])),
        }),
        response: {
          200: {
            description: 'The metadata (`application/json`), then the image (`image/png` or `image/jpeg`).',
            content: { 'multipart/mixed': { schema: Attachment } },
          } as never,
        },
      },
      handler: async ({ auth, params, query }, reply) => {
        const format = query.format ?? 'PNG';
        const page = query.page ?? 1;
        const bytes = await outputs.image(caller(auth), params.invoiceId, format, page);
        const png = format === 'PNG';
        const { boundary, body } = multipartMixed(
          {
            name: `invoice-${params.invoiceId}${page > 1 ? `-${page}` : ''}.${png ? 'png' : 'jpg'}`,
            referenceType: 'INVOICE',
            referenceId: params.invoiceId,
            mimeType: png ? 'image/png' : 'image/jpeg',
            sendWithInvoice: false,
          },
          bytes,
          createHash('sha256').update(bytes).digest('hex'),
        );
        reply.header('content-type', `multipart/mixed; boundary=${boundary}`);
        return reply.send(body);
      },
    }),
    route({
      method: 'GET',
      path: '/invoices/:invoiceId/pdf',
      right: null,
      tags: TAGS,
      summary: 'The invoice as a PDF',
      description: `Tase: the printed invoice as a PDF (fonts embedded), for mailing. ${RIGHTS_NOTE} ${RENDER_NOTE}`,
      schema: {
        ...ADDITION,
        params: InvoiceIdParam,
        response: {
          200: {
            description: 'The PDF.',
            content: { 'application/pdf': { schema: { type: 'string', contentMediaType: 'application/pdf' } } },
          } as never,
        },
      },
      handler: async ({ auth, params }, reply) => {
        const pdf = await outputs.pdf(caller(auth), params.invoiceId);
        reply.header('content-type', 'application/pdf');
        reply.header('content-disposition', `attachment; filename="invoice-${params.invoiceId}.pdf"`);
        return reply.send(pdf);
      },
    }),
    route({
      method: 'GET',
      path: '/invoices/:invoiceId/finvoice',
      right: null,
      tags: TAGS,
      summary: 'The Finvoice 3.0 e-invoice of a sales invoice',
      description:
        'Tase: sales invoices with `invoiceChannel` ELECTRONIC_INVOICE only, from a company with a business ID and ' +
        'an active bank account with `showAccountOnInvoice` (400 `FINVOICE_NOT_AVAILABLE` otherwise). The message ' +
        'carries the seller, the accounts shown on invoices, the buyer, the rows, VAT per rate and the EPI payment ' +
        'details with the reference; it is valid against the Finvoice 3.0 schema and encoded in ISO-8859-15, as ' +
        'the Finvoice implementation guidelines name it (a character ISO-8859-15 lacks is a character reference). ' +
        RIGHTS_NOTE,
      schema: {
        ...ADDITION,
        params: InvoiceIdParam,
        response: {
          200: {
            description: 'The Finvoice message.',
            content: { 'application/xml': { schema: { type: 'string' } } },
          } as never,
        },
      },
      handler: async ({ auth, params }, reply) => {
        const xml = await outputs.finvoice(caller(auth), params.invoiceId);
        reply.header('content-type', 'application/xml; charset=ISO-8859-15');
        return reply.send(xml);
      },
    }),
    route({
      method: 'POST',
      path: '/invoices/finvoice',
      right: null,
      bodyLimit: MAX_FINVOICE_BYTES,
      tags: TAGS,
      summary: 'Create a purchase invoice from a Finvoice message',
      description:
        'Tase: the body is a Finvoice message (versions 1.x, 2.0, 2.01 and 3.0; `Content-Type: application/xml`, at ' +
        'most 4 MiB), alone or in its SOAP transmission frame, in the encoding ' +
        'its declaration names: ISO-8859-15 (what the Finvoice guidelines prescribe), ISO-8859-1, Windows-1252 or ' +
        'UTF-8 (400 `FINVOICE_ENCODING` otherwise). A 3.0 message is ' +
        'validated against the Finvoice 3.0 schema (400 `FINVOICE_INVALID`, one error per failure), an older one ' +
        'checked for what a purchase invoice needs (400 `FINVOICE_INVALID` naming the element); a delivery of ' +
        'several messages is refused (400 `FINVOICE_SEVERAL`: POST /invoices/finvoice/deliveries takes it). It ' +
        "becomes an UNFINISHED PURCHASE_INVOICE with the sender's figures: a row without a VAT rate takes the " +
        "invoice's, a row amount the sender states is kept, and what the sender's VAT specification has beyond " +
        "the rows becomes a row per rate; each difference is named in `notes`. The message's rows and VAT rates, " +
        'the seller as counterparty, the ' +
        "seller's invoice number as `sellerReferenceIdentifier` and the reference as `bankReferenceCode`. Needs all " +
        'rights over purchase invoices. The same message again (same seller, invoice number and ' +
        '`MessageIdentifier`) answers the purchase invoice it made, 200, never a second one. A text longer than the ' +
        "invoice's field but within the Finvoice schema is cut to the field, named in the invoice's `notes`, and " +
        'kept whole in the stored message.',
      schema: {
        ...ADDITION,
        consumes: ['application/xml', 'text/xml'],
        body: FinvoiceMessage,
        response: { 200: Invoice },
      },
      handler: async ({ auth, body }) => outputs.createFromFinvoice(caller(auth), await bytesOf(body)),
    }),
    route({
      method: 'POST',
      path: '/invoices/finvoice/deliveries',
      right: null,
      bodyLimit: MAX_FINVOICE_BYTES,
      tags: TAGS,
      summary: 'Create the purchase invoices of a Finvoice delivery',
      description:
        'Tase: the body is what an e-invoice operator delivers (`Content-Type: application/xml`, at most 4 MiB): ' +
        'Finvoice messages each after its SOAP envelope (`SOAP-ENV:Envelope` with an ebXML `eb:MessageHeader`), ' +
        `at most ${MAX_FRAMED_INVOICES} of them, or one message alone. Each message is read as POST /invoices/finvoice ` +
        'reads it, and the delivery is taken all or nothing: the first message that cannot be read is named ' +
        '(`invoice N of the delivery: …`, 400) and nothing is stored. A message without a `MessageIdentifier` of its ' +
        "own is known by its envelope's `eb:MessageId`; one imported before answers the invoice it made.",
      schema: {
        ...ADDITION,
        consumes: ['application/xml', 'text/xml'],
        body: FinvoiceMessage,
        response: { 200: FinvoiceDelivery },
      },
      handler: async ({ auth, body }) => ({
        invoices: await outputs.importDelivery(caller(auth), await bytesOf(body)),
      }),
    }),
  ];
}
