// The text of an XML document received as bytes, in the encoding its declaration names. Finvoice messages are
// mostly ISO-8859-15: the Finvoice implementation guidelines (Finance Finland, Finvoice 3.0, "Merkistö") name it
// as the encoding of the message, and UTF-8 is allowed beside it. The schema validator (libxml2 built without
// iconv) reads only UTF-8, so the text is handed on with its declaration saying UTF-8, on the same lines.
import iconv from 'iconv-lite';

export class XmlEncodingError extends Error {
  override name = 'XmlEncodingError';
}

/**
 * The encodings taken, by their lower-case IANA names and aliases, each as iconv-lite knows it. Not the WHATWG
 * TextDecoder for ISO-8859-1: that standard reads the label as Windows-1252, which differs in 0x80–0x9F.
 */
const SINGLE_BYTE: Record<string, string> = {
  'iso-8859-15': 'iso-8859-15',
  iso_8859_15: 'iso-8859-15',
  latin9: 'iso-8859-15',
  'latin-9': 'iso-8859-15',
  'iso-8859-1': 'iso-8859-1',
  iso_8859_1: 'iso-8859-1',
  latin1: 'iso-8859-1',
  'latin-1': 'iso-8859-1',
  'windows-1252': 'windows-1252',
  cp1252: 'windows-1252',
  'us-ascii': 'iso-8859-1',
  ascii: 'iso-8859-1',
};

const UTF8_BOM = [0xef, 0xbb, 0xbf];
const DECLARATION = /^<\?xml[^>]*?\sencoding\s*=\s*(["'])([A-Za-z0-9._-]+)\1/;

/** The encoding the document's declaration names (UTF-8 when it names none, as XML 1.0 §4.3.3 says). */
function declaredEncoding(bytes: Uint8Array): string {
  const head = Buffer.from(bytes.subarray(0, 200)).toString('latin1');
  return DECLARATION.exec(head)?.[2] ?? 'UTF-8';
}

/**
 * The document as text, decoded by the encoding its declaration names, with the declaration rewritten to UTF-8.
 * XmlEncodingError for an encoding not taken or bytes that are not valid UTF-8 when UTF-8 is meant.
 */
export function decodeXml(bytes: Uint8Array): string {
  const bom = UTF8_BOM.every((b, i) => bytes[i] === b);
  const body = bom ? bytes.subarray(3) : bytes;
  const declared = declaredEncoding(body);
  const label = declared.toLowerCase();
  let text: string;
  if (label === 'utf-8' || label === 'utf8') {
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(body);
    } catch {
      throw new XmlEncodingError('the message declares UTF-8 but its bytes are not valid UTF-8');
    }
  } else if (SINGLE_BYTE[label] && !bom) {
    text = iconv.decode(Buffer.from(body), SINGLE_BYTE[label]);
  } else {
    throw new XmlEncodingError(
      `unsupported encoding ${declared}: a message is ISO-8859-15, ISO-8859-1, Windows-1252 or UTF-8`,
    );
  }
  return text.replace(
    DECLARATION,
    (whole, quote: string, name: string) => whole.slice(0, whole.length - name.length - 1) + 'UTF-8' + quote,
  );
}

/** The characters ISO-8859-15 has, by code point. */
let latin9: Set<number> | undefined;

/**
 * The document as ISO-8859-15 bytes, its declaration naming ISO-8859-15: the encoding the Finvoice implementation
 * guidelines name for a message (Finance Finland, Finvoice 3.0, "Merkistö"). A character ISO-8859-15 lacks is
 * written as a character reference, which every XML reader takes whatever the encoding. Only for documents whose
 * markup is ASCII (text and attribute values may be anything), as Tase's own are.
 */
export function encodeLatin9(text: string): Buffer {
  latin9 ??= new Set(
    [...iconv.decode(Buffer.from(Array.from({ length: 256 }, (_, i) => i)), 'iso-8859-15')].map((c) =>
      c.codePointAt(0)!,
    ),
  );
  const declared = text.replace(
    DECLARATION,
    (whole, quote: string, name: string) => whole.slice(0, whole.length - name.length - 1) + 'ISO-8859-15' + quote,
  );
  let escaped = '';
  for (const char of declared) {
    const code = char.codePointAt(0)!;
    escaped += latin9.has(code) ? char : `&#x${code.toString(16).toUpperCase()};`;
  }
  return iconv.encode(escaped, 'iso-8859-15');
}
