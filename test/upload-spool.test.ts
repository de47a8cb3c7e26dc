// A file being uploaded waits on disk, not in memory: while a client is still sending it, its bytes so far are in
// an owner-only temporary file; the handler reads them once the body is in, and the file goes with the answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request as httpRequest } from 'node:http';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { startService, type TestService } from './support/service.ts';
import { UPLOAD_SPOOL_DIR } from '../src/platform/multipart.ts';
import { until } from './mfa-helpers.ts';
import { BANK_FEE_RECEIPT } from './support/ledger-bodies.ts';

let svc: TestService;
let receiptId: number;

beforeAll(async () => {
  svc = await startService();
  receiptId = (await svc.api('POST', '/ledgerreceipts', BANK_FEE_RECEIPT)).body.id;
});
afterAll(() => svc?.close());

const spooled = async () => {
  const names = await readdir(UPLOAD_SPOOL_DIR).catch(() => [] as string[]);
  // a file may go between the listing and its stat
  const found = await Promise.all(names.map((name) => stat(join(UPLOAD_SPOOL_DIR, name)).catch(() => undefined)));
  return found.filter((file) => file !== undefined);
};

describe('a file upload', () => {
  it('waits in an owner-only temporary file while it arrives, removed once answered', async () => {
    const boundary = 'tase-spool-boundary';
    const meta = JSON.stringify({
      name: 'big.pdf',
      referenceType: 'LEDGERRECEIPT',
      referenceId: receiptId,
      sendWithInvoice: false,
    });
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(4 * 2 ** 20, 0x20), Buffer.from('\n%%EOF\n')]);
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="meta"\r\n\r\n${meta}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\n` +
        'Content-Type: application/pdf\r\n\r\n',
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const firstPart = 3 * 2 ** 20;
    const token = await svc.token();
    const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = httpRequest(`${svc.base}/api/attachments`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(head.length + pdf.length + tail.length),
        },
      });
      req.on('response', (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode!, text }));
      });
      req.on('error', reject);
      req.write(head);
      req.write(pdf.subarray(0, firstPart));
      // the rest only once the bytes so far are seen on disk
      void until(
        async () => (await spooled()).find((f) => f.size >= firstPart - 2 ** 20),
        20_000,
        'the spooled file',
      ).then(
        (file) => {
          expect(file.mode & 0o777).toBe(0o600);
          req.end(Buffer.concat([pdf.subarray(firstPart), tail]));
        },
        (err: Error) => {
          req.destroy();
          reject(err);
        },
      );
    });
    const done = await answer;
    expect(done.status, done.text).toBe(200);
    expect(JSON.parse(done.text)).toMatchObject({ name: 'big.pdf', mimeType: 'application/pdf' });
    expect((await stat(UPLOAD_SPOOL_DIR)).mode & 0o777).toBe(0o700);
    await until(async () => (await spooled()).length === 0, 5_000, 'the temporary file removed');
  }, 60_000);
});
