// Large documents are rendered off the event loop: the 1000-row invoice with long row texts (the most the schema
// allows) renders as a PDF and as a picture of its last page while GET /health/live keeps answering within 100 ms,
// its text and bank barcode right; a render past its time bound is answered 503 in the error body and its worker
// ended (the renders after it, in the same process, work); a 10-row invoice renders in well under a second; a
// long payslip renders in a worker too; jobs past the threads and the queue are refused at once.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { Decimal } from '../src/domain/decimal.ts';
import type { ApiError } from '../src/platform/errors.ts';
import { ManualClock } from '../src/platform/clock.ts';
import { pdfOf, renderInWorker } from '../src/platform/render-pool.ts';
import { invoicingSeller } from './support/bank-bodies.ts';
import { partsOf } from './support/multipart.ts';
import { startService, type TestService } from './support/service.ts';

const require = createRequire(import.meta.url);
prepareZXingModule({
  overrides: { wasmBinary: readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm')).buffer },
});

const PAYSLIP_WORKER = new URL('../src/payroll/payslip-render-worker.ts', import.meta.url);
const LONG = 'Pitkä rivin kuvaus, jossa on paljon sanoja ja ÄÖÅ-merkkejä; ';

const invoice = (rows: number) => ({
  type: 'SALES_INVOICE',
  date: '2026-03-10',
  counterParty: { counterPartyAddress: { name: 'Äänekosken Kauppa Oy', street: 'Teollisuustie 5', city: 'Äänekoski' } },
  paymentInfo: {
    paymentMethod: 'BANK_TRANSFER',
    currency: 'EUR',
    dueDate: '2026-03-24',
    currencyRate: 1,
    generatedReferenceType: 'FI',
  },
  extraInfo: { accountingByRow: false, unitPricesIncludeVat: false },
  discountPercent: 0,
  vatStatus: 1,
  invoiceChannel: 'EMAIL',
  invoiceRows: Array.from({ length: rows }, (_, i) => ({
    product: `Tuote ${i + 1} ${LONG.repeat(4)}`.slice(0, 200),
    comment: `Rivi ${i + 1}: ${LONG.repeat(9)}`.slice(0, 512),
    quantity: 1 + (i % 3),
    unit: 'PIECE',
    unitPrice: '12.50',
    discountPercent: 0,
    vatPercent: 25.5,
  })),
});

async function create(svc: TestService, rows: number): Promise<number> {
  const answer = await svc.api('POST', '/invoices', invoice(rows));
  expect(answer.status, answer.text).toBe(200);
  return answer.body.id;
}

async function fetchBytes(svc: TestService, path: string) {
  const response = await fetch(`${svc.base}/api${path}`, { headers: { authorization: `Bearer ${await svc.token()}` } });
  return {
    status: response.status,
    contentType: response.headers.get('content-type') ?? '',
    body: Buffer.from(await response.arrayBuffer()),
  };
}

/** One answer of GET /health/live: its time, and the CPU time the event loop's thread spent meanwhile (ms). */
interface Probe {
  wall: number;
  cpu: number;
}

/** Runs `work` while polling GET /health/live (every 10 ms); answers its result and the probes. */
async function whileProbing<T>(svc: TestService, work: () => Promise<T>): Promise<{ result: T; probes: Probe[] }> {
  let done = false;
  const probes: Probe[] = [];
  const probe = (async () => {
    while (!done) {
      const started = performance.now();
      const cpu = process.threadCpuUsage();
      const answer = await fetch(`${svc.base}/health/live`);
      await answer.arrayBuffer();
      expect(answer.status).toBe(200);
      const used = process.threadCpuUsage(cpu);
      probes.push({ wall: performance.now() - started, cpu: (used.user + used.system) / 1000 });
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  try {
    return { result: await work(), probes };
  } finally {
    done = true;
    await probe;
    expect(probes.length).toBeGreaterThan(0);
  }
}

/**
 * The event loop (server and client share it) answers within 100 ms throughout: no answer waited while it worked
 * 100 ms, and nine in ten came within 100 ms of wall-clock time (a machine shared with other work can take the
 * CPU from a thread that is ready; the slowest answer is printed).
 */
function expectLiveThroughout(label: string, probes: Probe[]): void {
  const walls = probes.map((p) => p.wall).sort((a, b) => a - b);
  const slowest = walls[walls.length - 1];
  const busiest = Math.max(...probes.map((p) => p.cpu));
  console.log(
    `${label}: ${probes.length} answers of /health/live, slowest ${slowest.toFixed(1)} ms, ` +
      `most CPU of the event loop meanwhile ${busiest.toFixed(1)} ms`,
  );
  expect(busiest).toBeLessThan(100);
  expect(walls[Math.floor(walls.length * 0.9)]).toBeLessThan(100);
}

async function pdfPages(pdf: Buffer): Promise<string[]> {
  const document = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: false }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= document.numPages; n++) {
    const content = await (await document.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  return pages;
}

describe('a render past its time bound', () => {
  let svc: TestService;
  let large: number;
  beforeAll(async () => {
    svc = await startService({ clock: new ManualClock('2026-03-15T10:00:00Z'), config: { renderTimeoutMs: 50 } });
    await invoicingSeller(svc);
    large = await create(svc, 1000);
  }, 120_000);
  afterAll(() => svc.close());

  it('is answered 503 in the error body, for the PDF and the picture, its worker ended', async () => {
    for (const path of [`/invoices/${large}/pdf`, `/invoices/${large}/image?page=2`]) {
      const started = performance.now();
      const answer = await svc.api('GET', path);
      expect(answer.status, answer.text).toBe(503);
      expect(answer.body.errors).toEqual([{ status: 503, message: expect.stringMatching(/^DOCUMENT_RENDER_TIMEOUT/) }]);
      expect(performance.now() - started).toBeLessThan(5_000);
    }
  });
});

describe('the 1000-row invoice with long row texts', () => {
  let svc: TestService;
  let large: number;
  let small: number;
  beforeAll(async () => {
    svc = await startService({ clock: new ManualClock('2026-03-15T10:00:00Z') });
    await invoicingSeller(svc);
    large = await create(svc, 1000);
    small = await create(svc, 10);
  }, 120_000);
  afterAll(() => svc.close());

  it(
    'renders as a PDF and a picture, text and barcode right, while /health/live answers within 100 ms',
    { timeout: 120_000 },
    async () => {
      const started = performance.now();
      const { result: answer, probes } = await whileProbing(svc, () => fetchBytes(svc, `/invoices/${large}/pdf`));
      const took = performance.now() - started;
      expect(answer.status, answer.body.toString()).toBe(200);
      expect(answer.contentType).toBe('application/pdf');
      expectLiveThroughout(`1000-row PDF in ${took.toFixed(0)} ms`, probes);

      const pages = await pdfPages(answer.body);
      expect(pages.length).toBeGreaterThan(30);
      // each long text cut to its column with an ellipsis
      expect(pages[0]).toMatch(/Tuote 1 Pitkä rivin kuvaus, [^…]*…/);
      expect(pages[0]).toMatch(/Rivi 1: Pitkä rivin kuvaus, [^…]*…/);
      expect(pages.join(' ')).toContain('Rivi 1000: ');
      const last = pages[pages.length - 1].replace(/\u00a0/g, ' ');
      const digits = last.match(/\b4\d{53}\b/)?.[0];
      expect(digits).toBeDefined();
      // the amount of the barcode is the total printed: 1999 units × 12,50 € with 25,5 % VAT, over 30 000 €
      const euros = Number(digits!.slice(17, 23));
      expect(euros).toBeGreaterThan(30_000);
      const printed = `${euros.toLocaleString('fi-FI').replace(/\s/g, ' ')},${digits!.slice(23, 25)} EUR`;
      expect(last).toContain(printed);

      // the bars of the picture of the last page say what the PDF prints under them (the first picture of the
      // process loads sharp, a native module, on the event loop: once, before the probe)
      expect((await fetchBytes(svc, `/invoices/${small}/image`)).status).toBe(200);
      const { result: image, probes: imageProbes } = await whileProbing(svc, () =>
        fetchBytes(svc, `/invoices/${large}/image?page=${pages.length}`),
      );
      expect(image.status).toBe(200);
      expectLiveThroughout('1000-row picture of the last page', imageProbes);
      const png = partsOf(image.contentType, image.body)[1].bytes;
      const codes = await readBarcodes(new Uint8Array(png), { formats: ['Code128'], tryHarder: true });
      expect(codes.filter((code) => code.isValid).map((code) => code.text)).toEqual([digits]);
    },
  );

  it('renders a 10-row invoice in well under a second', async () => {
    // warm: the worker has started and loaded pdfkit for the invoices before; the best of three, as a machine
    // shared with other work may stall any one request
    let fastest = Infinity;
    let answer: Awaited<ReturnType<typeof fetchBytes>> | undefined;
    for (let round = 0; round < 3; round++) {
      const started = performance.now();
      answer = await fetchBytes(svc, `/invoices/${small}/pdf`);
      fastest = Math.min(fastest, performance.now() - started);
      expect(answer.status).toBe(200);
    }
    console.log(`10-row PDF: ${fastest.toFixed(0)} ms`);
    expect(fastest).toBeLessThan(500);
    const [page] = await pdfPages(answer!.body);
    expect(page).toMatch(/Tuote 10 Pitkä rivin kuvaus, [^…]*…/);
  });
});

describe('payslips', () => {
  it('a long one renders in a worker thread, its decimals exact', async () => {
    const line = (i: number) => ({
      label: `Palkkalaji ${i}`,
      quantity: new Decimal('7.5'),
      unitValue: new Decimal('21.37'),
      amount: new Decimal('160.28'),
    });
    const slip = {
      companyName: 'Tase Demo Oy',
      employeeName: 'Maija Meikäläinen',
      slipNumber: 7,
      payday: '2026-03-31',
      paymentPeriod: { start: '2026-03-01', end: '2026-03-31' },
      earnings: Array.from({ length: 120 }, (_, i) => line(i + 1)),
      deductions: [],
      netPay: new Decimal('19233.60'),
      employerContributions: [],
      yearToDate: [],
      holidays: [],
    };
    const pdf = pdfOf(await renderInWorker(PAYSLIP_WORKER, slip, 30_000));
    const text = (await pdfPages(pdf)).join(' ').replace(/\u00a0/g, ' ');
    for (const expected of ['Palkkalaji 120', '7,5', '21,37', '160,28 €', '19 233,60 €'])
      expect(text).toContain(expected);
  });

  it('past the threads and the places in the queue are refused at once, 503 DOCUMENT_RENDER_BUSY', async () => {
    const slip = {
      companyName: 'Tase Demo Oy',
      employeeName: 'Maija Meikäläinen',
      slipNumber: 8,
      payday: '2026-03-31',
      paymentPeriod: null,
      earnings: [],
      deductions: [],
      netPay: new Decimal('1.00'),
      employerContributions: [],
      yearToDate: [],
      holidays: [],
    };
    const outcomes = await Promise.allSettled(
      Array.from({ length: 40 }, () => renderInWorker(PAYSLIP_WORKER, slip, 60_000)),
    );
    const refused = outcomes.filter((o) => o.status === 'rejected');
    expect(refused.length).toBeGreaterThan(0);
    for (const outcome of refused)
      expect((outcome.reason as ApiError).items).toEqual([
        { status: 503, message: expect.stringMatching(/^DOCUMENT_RENDER_BUSY/) },
      ]);
    // the ones taken are all drawn
    for (const outcome of outcomes.filter((o) => o.status === 'fulfilled'))
      expect(pdfOf(outcome.value).subarray(0, 5).toString()).toBe('%PDF-');
    expect(outcomes.length - refused.length).toBeGreaterThanOrEqual(18);
  });
});
