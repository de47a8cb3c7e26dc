// Reads multipart/mixed answers (attachments, invoice images) in tests.

/** The parts of a multipart/mixed answer: their headers and bytes. */
export function partsOf(contentType: string, body: Buffer): { headers: Record<string, string>; bytes: Buffer }[] {
  const boundary = /boundary=([^;]+)/.exec(contentType)![1];
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: { headers: Record<string, string>; bytes: Buffer }[] = [];
  let at = body.indexOf(delimiter);
  while (at >= 0) {
    const start = at + delimiter.length;
    if (body.subarray(start, start + 2).toString() === '--') break;
    const next = body.indexOf(delimiter, start);
    const part = body.subarray(start + 2, next - 2);
    const split = part.indexOf('\r\n\r\n');
    const headers: Record<string, string> = {};
    for (const line of part.subarray(0, split).toString().split('\r\n')) {
      const colon = line.indexOf(':');
      headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
    }
    parts.push({ headers, bytes: part.subarray(split + 4) });
    at = next;
  }
  return parts;
}
