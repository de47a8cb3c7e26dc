// The type of an uploaded file is read from its bytes, never taken from its name or the client's word: a
// renamed executable stays an executable. Only document and image types are kept.

const ALLOWED = new Set([
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/tiff',
  'image/webp',
  'image/heic',
  'image/bmp',
  'application/xml',
  'application/zip',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
  'text/plain',
]);

export const ALLOWED_FILE_TYPES = [...ALLOWED];

/** Text: valid UTF-8 without control characters other than tab, line feed, carriage return and form feed. */
function isText(bytes: Buffer): boolean {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return false;
  }
  // eslint-disable-next-line no-control-regex
  return !/[\u0000-\u0008\u000B\u000E-\u001F\u007F]/.test(text);
}

/** The media type of the bytes, or what they were taken for when the type is not allowed. */
export async function sniffFileType(bytes: Buffer): Promise<{ mimeType: string; allowed: boolean }> {
  // loaded with the first upload: its parsers cost a start ~0.1 s
  const { fileTypeFromBuffer } = await import('file-type');
  const detected = await fileTypeFromBuffer(bytes);
  if (detected) return { mimeType: detected.mime, allowed: ALLOWED.has(detected.mime) };
  if (isText(bytes)) return { mimeType: 'text/plain', allowed: true };
  return { mimeType: 'unrecognised binary data', allowed: false };
}
