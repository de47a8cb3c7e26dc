// Invoice rendering benchmark: sales invoices of 10 and 1000 rows with long row texts (a product of 200
// characters, a comment of 512: the most the schema allows). Prints, per size:
//   - fitting the rows' texts to their columns the old way (shortened a character at a time, each start measured
//     again; 1000 rows estimated from BENCH_OLD_ROWS rows, as it takes minutes) and the new way (advances summed
//     once), in the same run;
//   - the layout of the whole invoice, its PDF in this thread, and its PDF from the worker thread the service
//     uses (with the slowest turn of this thread's event loop meanwhile, which the service's other requests wait).
//   node bench/invoice-render.ts        Options: BENCH_ROUNDS (default 3), BENCH_OLD_ROWS (default 20).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import type * as Fontkit from 'fontkit';
import { fitText, type FontWeight } from '../src/domain/invoice-output/fonts.ts';
import { layoutInvoice } from '../src/domain/invoice-output/layout.ts';
import { renderInvoicePdf } from '../src/domain/invoice-output/render.ts';
import { printedDocument, type PrintableInvoice } from '../src/invoices/invoice-document.ts';
import { pdfOf, renderInWorker } from '../src/platform/render-pool.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const OLD_ROWS = Number(process.env.BENCH_OLD_ROWS ?? 20);
const WORKER = new URL('../src/invoices/invoice-render-worker.ts', import.meta.url);
const LONG = 'Pitkä rivin kuvaus, jossa on paljon sanoja ja ÄÖÅ-merkkejä; ';

/** The stored document of a sales invoice of `rows` rows, as the service keeps it, and its seller. */
function printable(rows: number): PrintableInvoice {
  const body = {
    type: 'SALES_INVOICE',
    date: '2026-03-10',
    counterParty: {
      counterPartyAddress: { name: 'Äänekosken Kauppa Oy', street: 'Teollisuustie 5', city: 'Äänekoski' },
    },
    paymentInfo: {
      paymentMethod: 'BANK_TRANSFER',
      currency: 'EUR',
      dueDate: '2026-03-24',
      currencyRate: 1,
      bankReferenceCode: '11112',
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
      unitPrice: 12.5,
      discountPercent: 0,
      vatPercent: 25.5,
    })),
  };
  return {
    body: JSON.stringify(body),
    invoiceNumber: 10023,
    seller: {
      name: 'Tase Demo Oy',
      businessId: '1234567-1',
      address: { street: 'Mannerheimintie 1', zip: '00100', city: 'Helsinki' },
      bankAccounts: [{ iban: 'FI3715903000000776', bic: 'NDEAFIHH' }],
    },
  };
}

// the old way, as the layout did it: the whole text shaped again for every character taken off its end
const require = createRequire(import.meta.url);
const fontkit = require('fontkit') as typeof Fontkit;
const fonts: Record<FontWeight, Fontkit.Font> = {
  regular: fontkit.create(readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'))) as Fontkit.Font,
  bold: fontkit.create(readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'))) as Fontkit.Font,
};
const oldWidth = (text: string, size: number, weight: FontWeight) =>
  (fonts[weight].layout(text).advanceWidth / fonts[weight].unitsPerEm) * size;
function oldFit(text: string, size: number, weight: FontWeight, maxWidth: number): string {
  let shown = text;
  if (oldWidth(shown, size, weight) > maxWidth) {
    while (shown.length > 1 && oldWidth(`${shown}…`, size, weight) > maxWidth) shown = shown.slice(0, -1);
    shown = `${shown}…`;
  }
  return shown;
}

/** The texts the layout fits to columns, per row: the product (9 pt, 220 pt), the comment (8 pt, 507 pt). */
function fitRows(rows: number, fit: typeof fitText): void {
  for (let i = 0; i < rows; i++) {
    fit(`Tuote ${i + 1} ${LONG.repeat(4)}`.slice(0, 200), 9, 'regular', 220);
    fit(`Rivi ${i + 1}: ${LONG.repeat(9)}`.slice(0, 512), 8, 'regular', 507.28);
  }
}

async function best(work: () => unknown): Promise<number> {
  let fastest = Infinity;
  for (let round = 0; round < ROUNDS; round++) {
    const started = performance.now();
    await work();
    fastest = Math.min(fastest, performance.now() - started);
  }
  return fastest;
}

const ms = (n: number) => ` ${n.toFixed(n < 10 ? 1 : 0)} ms`.padStart(10);

// warm both ways up, and the worker (its first job loads pdfkit and the fonts)
fitRows(2, oldFit);
fitRows(2, fitText);
await renderInWorker(WORKER, printable(1), 60_000);

console.log(`Node ${process.version}; best of ${ROUNDS} rounds`);
for (const rows of [10, 1000]) {
  const invoice = printable(rows);
  const document = printedDocument(invoice);
  const sampled = Math.min(rows, OLD_ROWS);
  const old = ((await best(() => fitRows(sampled, oldFit))) * rows) / sampled;
  const fitted = await best(() => fitRows(rows, fitText));
  const layout = await best(() => layoutInvoice(document));
  const pdf = await best(() => renderInvoicePdf(document));
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  const inWorker = await best(async () => pdfOf(await renderInWorker(WORKER, invoice, 60_000)));
  delay.disable();
  const estimated = sampled < rows ? ` (est. from ${sampled} rows)` : '';
  console.log(
    `${String(rows).padStart(5)} rows  fit texts: old${ms(old)}${estimated}, new${ms(fitted)}` +
      `  layout${ms(layout)}  PDF here${ms(pdf)}  PDF in worker${ms(inWorker)}` +
      `  (slowest event-loop turn meanwhile${ms(delay.max / 1e6)})`,
  );
}
