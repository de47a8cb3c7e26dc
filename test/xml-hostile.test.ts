// Small XML files shaped to make a parser work for minutes (32,000 elements nested inside one another) are refused
// at once by every XML reader — camt bank files, Finvoice messages, the ECB rates — and the process keeps answering
// GET /health/live quickly all the while.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import { startService, type TestService } from './support/service.ts';

let svc: TestService;
let ratesServer: Server;
let ratesUrl = '';
let ratesFile = '';

const nested = (depth: number) => '<a>'.repeat(depth) + '</a>'.repeat(depth);

/** A camt file holding `depth` nested elements inside GrpHdr (32,000 of them are some 226 KB). */
const hostileCamt = (depth: number, version = '02') =>
  '<?xml version="1.0" encoding="UTF-8"?>\n' +
  `<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.${version}"><BkToCstmrStmt><GrpHdr>` +
  `<MsgId>M1</MsgId><CreDtTm>2026-03-15T10:00:00</CreDtTm>${nested(depth)}</GrpHdr></BkToCstmrStmt></Document>`;

/**
 * Runs `work` while GET /health/live is asked again and again (the service runs in this process, so a blocked
 * event loop delays the probes just as it would a real client's); the slowest answer and the work's own time.
 */
async function whileProbing<T>(work: () => Promise<T>): Promise<{ result: T; slowestProbeMs: number; workMs: number }> {
  let running = true;
  let slowest = 0;
  let probes = 0;
  const probing = (async () => {
    while (running || probes < 5) {
      const started = performance.now();
      const answer = await fetch(`${svc.base}/health/live`);
      await answer.text();
      expect(answer.status).toBe(200);
      slowest = Math.max(slowest, performance.now() - started);
      probes++;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  })();
  // a probe in flight before the work starts, so a freeze at its very start is seen too
  await new Promise((resolve) => setTimeout(resolve, 20));
  const started = performance.now();
  const result = await work();
  const workMs = performance.now() - started;
  running = false;
  await probing;
  return { result, slowestProbeMs: slowest, workMs };
}

/**
 * whileProbing, again while a probe took 100 ms or more (at most three times): on a loaded machine a process may
 * wait that long for a core now and then, while a parser stuck in the file holds every probe for seconds each time.
 */
async function probedAtBest<T>(work: () => Promise<T>, check: (result: T) => void) {
  let best: Awaited<ReturnType<typeof whileProbing<T>>> | undefined;
  for (let attempt = 0; attempt < 3 && !(best && best.slowestProbeMs < 100); attempt++) {
    const run = await whileProbing(work);
    check(run.result);
    if (!best || run.slowestProbeMs < best.slowestProbeMs) best = run;
  }
  return best!;
}

beforeAll(async () => {
  svc = await startService();
  await svc.token();
  ratesServer = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/xml' });
    response.end(ratesFile);
  });
  await new Promise<void>((resolve) => ratesServer.listen(0, '127.0.0.1', resolve));
  const address = ratesServer.address();
  ratesUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/rates.xml`;
});
afterAll(async () => {
  await new Promise((resolve) => ratesServer.close(resolve));
  await svc.close();
});

describe('hostile XML', () => {
  it.each([
    ['a camt.053.001.02 file of 226 KB', hostileCamt(32_000)],
    ['a camt.053.001.02 file of 1.4 MB', hostileCamt(200_000)],
    ['a camt.053.001.08 file (validated against the schema when it is well shaped)', hostileCamt(32_000, '08')],
  ])('refuses %s at once, and the service stays live', async (_name, xml) => {
    const { slowestProbeMs, workMs } = await probedAtBest(
      () => svc.api('POST', '/bankstatements/import', undefined, { raw: xml, contentType: 'application/xml' }),
      (result) => {
        expect(result.status, result.text).toBe(400);
        expect(result.body.errors[0]).toMatchObject({ status: 400 });
        expect(result.body.errors[0].message).toMatch(/^BANK_FILE_INVALID: .*nested more than 32 deep/);
      },
    );
    expect(workMs).toBeLessThan(2000);
    expect(slowestProbeMs).toBeLessThan(100);
  });

  it('refuses a Finvoice message nested 32,000 deep at once, and the service stays live', async () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<Finvoice Version="3.0">${nested(32_000)}</Finvoice>`;
    const { slowestProbeMs, workMs } = await probedAtBest(
      () => svc.api('POST', '/invoices/finvoice', undefined, { raw: xml, contentType: 'application/xml' }),
      (result) => {
        expect(result.status, result.text).toBe(400);
        expect(result.body.errors).toEqual([
          expect.objectContaining({
            status: 400,
            message: expect.stringMatching(/^FINVOICE_INVALID: .*nested more than 64/),
          }),
        ]);
      },
    );
    expect(workMs).toBeLessThan(2000);
    expect(slowestProbeMs).toBeLessThan(100);
  });

  it('refuses ECB rates nested 32,000 deep at once, and the service stays live', async () => {
    ratesFile =
      '<?xml version="1.0" encoding="UTF-8"?>\n<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" ' +
      `xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref"><Cube>${nested(32_000)}</Cube></gesmes:Envelope>`;
    const { slowestProbeMs, workMs } = await probedAtBest(
      () =>
        svc.app.services.currencies.fetchRates(ratesUrl).then(
          () => undefined,
          (err: Error) => err,
        ),
      (result) => expect(result?.message).toMatch(/nested more than 8 deep/),
    );
    expect(workMs).toBeLessThan(2000);
    expect(slowestProbeMs).toBeLessThan(100);
  });
});
