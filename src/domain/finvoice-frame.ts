// The Finvoice transmission frame: what e-invoice operators deliver is not one XML document but a sequence of
// them, each invoice preceded by its SOAP envelope (`SOAP-ENV:Envelope` with an ebXML `eb:MessageHeader`): the
// transmission frame ("lähetyskehys") of Finance Finland's Finvoice implementation guidelines. A delivery may carry
// several invoices one after the other; a file without a frame is one Finvoice document. Each document is decoded
// by its own declaration.
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { checkXmlLimits, XML_LIMITS, XmlLimitError } from './xml-limits.ts';
import { decodeXml } from './xml-encoding.ts';

/** One invoice of a delivery: its Finvoice document (decoded, declaring UTF-8) and its envelope's message id. */
export interface FramedInvoice {
  /** Position of the invoice in the delivery, from 1. */
  position: number;
  xml: string;
  /** `eb:MessageHeader/eb:MessageData/eb:MessageId` of the envelope before it, when there is one. */
  envelopeMessageId?: string;
}

/** A delivery Tase cannot take apart: the message names the document and what is wrong. */
export class FinvoiceFrameError extends Error {
  override name = 'FinvoiceFrameError';
}

/** A delivery holds at most this many invoices: the work of a request stays bounded. */
export const MAX_FRAMED_INVOICES = 100;

const DECLARATION = Buffer.from('<?xml');

/** Byte offsets where an XML declaration starts (`<?xml` then white space; not `<?xml-stylesheet`). */
function declarationOffsets(bytes: Buffer): number[] {
  const offsets: number[] = [];
  for (let at = bytes.indexOf(DECLARATION); at !== -1; at = bytes.indexOf(DECLARATION, at + 1)) {
    const next = bytes[at + DECLARATION.length];
    if (next === 0x20 || next === 0x09 || next === 0x0a || next === 0x0d) offsets.push(at);
  }
  return offsets;
}

/** The documents of a delivery as text: split at each declaration, then after each envelope or Finvoice that ends. */
function documents(bytes: Buffer): string[] {
  const offsets = declarationOffsets(bytes);
  // the first document starts at 0 whatever comes before its declaration (a byte order mark, white space)
  const leading =
    offsets.length > 0 && /^(\u00ef\u00bb\u00bf)?\s*$/.test(bytes.subarray(0, offsets[0]).toString('latin1'));
  const starts = leading ? [0, ...offsets.slice(1)] : [0, ...offsets];
  const texts: string[] = [];
  starts.forEach((start, i) => {
    const part = bytes.subarray(start, starts[i + 1] ?? bytes.length);
    if (part.toString('latin1').trim() === '') return;
    // a document without a declaration of its own follows the one before it in the same part
    let text = decodeXml(part);
    for (let close = DOCUMENT_END.exec(text); close; close = DOCUMENT_END.exec(text)) {
      const end = close.index + close[0].length;
      texts.push(text.slice(0, end));
      text = text.slice(end);
    }
    if (text.trim() !== '' || texts.length === 0) texts.push(text);
  });
  return texts;
}

const DOCUMENT_END = /<\/(?:(?:[A-Za-z_][\w.-]*:)?Envelope|Finvoice)\s*>/;

const envelopeParser = new XMLParser({
  maxNestedTags: XML_LIMITS.maxDepth,
  ignoreAttributes: true,
  removeNSPrefix: true,
  parseTagValue: false,
  trimValues: true,
});

/** The root element's local name (after declarations, processing instructions and comments). */
function rootName(text: string): string | undefined {
  const match = /<(?![?!])(?:[A-Za-z_][\w.-]*:)?([A-Za-z_][\w.-]*)/.exec(text.replace(/<!--[\s\S]*?-->/g, ''));
  return match?.[1];
}

function envelopeMessageId(text: string, position: number): string | undefined {
  try {
    checkXmlLimits(text);
  } catch (err) {
    if (err instanceof XmlLimitError) throw new FinvoiceFrameError(`envelope ${position}: ${err.message}`);
    throw err;
  }
  const valid = XMLValidator.validate(text);
  if (valid !== true) throw new FinvoiceFrameError(`envelope ${position}: line ${valid.err.line}: ${valid.err.msg}`);
  const parsed = envelopeParser.parse(text) as unknown;
  let id: unknown = parsed;
  for (const name of ['Envelope', 'Header', 'MessageHeader', 'MessageData', 'MessageId'])
    id = id !== null && typeof id === 'object' ? (id as Record<string, unknown>)[name] : undefined;
  return typeof id === 'string' && id !== '' ? id : undefined;
}

/**
 * The invoices of a delivery in their order: a single Finvoice document, or Finvoice documents each after its
 * SOAP envelope. FinvoiceFrameError for a delivery of no invoice, an envelope without its invoice, an element
 * other than an envelope or a Finvoice at the top, or more than MAX_FRAMED_INVOICES invoices; XmlEncodingError
 * (from decodeXml) for a document in an encoding not taken.
 */
export function splitDelivery(bytes: Uint8Array): FramedInvoice[] {
  const invoices: FramedInvoice[] = [];
  let envelope: { id?: string; position: number } | undefined;
  let envelopes = 0;
  for (const text of documents(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength))) {
    const root = rootName(text);
    if (root === 'Envelope') {
      envelopes++;
      if (envelope) throw new FinvoiceFrameError(`envelope ${envelope.position} is followed by no Finvoice`);
      envelope = { id: envelopeMessageId(text, envelopes), position: envelopes };
    } else if (root === 'Finvoice' || invoices.length === 0) {
      // anything else alone is handed on as the invoice: the schema check names what it is
      invoices.push({ position: invoices.length + 1, xml: text, envelopeMessageId: envelope?.id });
      envelope = undefined;
      if (invoices.length > MAX_FRAMED_INVOICES)
        throw new FinvoiceFrameError(`a delivery holds at most ${MAX_FRAMED_INVOICES} invoices`);
    } else {
      throw new FinvoiceFrameError(`document ${invoices.length + envelopes + 1} is a ${root}, not a Finvoice`);
    }
  }
  if (envelope) throw new FinvoiceFrameError(`envelope ${envelope.position} is followed by no Finvoice`);
  if (invoices.length === 0) throw new FinvoiceFrameError('the delivery holds no Finvoice');
  return invoices;
}
