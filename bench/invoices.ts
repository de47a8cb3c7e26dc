// Invoice benchmark, over HTTP against a fresh database:
//   1. POST a 10-row sales invoice and approve it (the approval posts it through the ledger), BENCH_POSTS times;
//   2. load BENCH_INVOICES invoices (default 1 000 000) into one company, straight into the tables in the
//      shape the service writes them, then time `GET /invoices?searchTerm=…` for a selective term (a customer
//      name, ~50 invoices), an invoice number, a common word (every hundredth invoice), a substring of a word in
//      every eighth invoice (first page and page 20), and the first page with no term.
// Prints p50/p99 of each; for searches also of the CPU time this process spent on each (server and client share
// it), which a loaded machine stretches far less than the wall-clock time.
//   node bench/invoices.ts                          (embedded SQLite, a file in a temporary directory)
//   DATABASE_URL=postgres://… node bench/invoices.ts (a new database on that server, dropped afterwards)
//   BENCH_KEEP=1 keeps the database and prints its address, to look at the query plans.
import { sql } from 'kysely';
import { ManualClock } from '../src/platform/clock.ts';
import { openDatabase, type Db } from '../src/db/index.ts';
import { globalTables } from '../src/modules.ts';
import { benchDatabase } from './database.ts';
import { benchService } from './service.ts';
import { searchGrams, serializeListing, type StoredInvoice } from '../src/invoices/mapping.ts';
import { parseJson } from '../src/platform/json.ts';

const POSTS = Number(process.env.BENCH_POSTS ?? 200);
const INVOICES = Number(process.env.BENCH_INVOICES ?? 1_000_000);
const SEARCHES = Number(process.env.BENCH_SEARCHES ?? 200);

const bench = await benchDatabase('invoices');
const { url, postgres } = bench;

const clock = new ManualClock('2026-06-30T12:00:00Z');
const database = openDatabase({ url, globalTables: globalTables() });
const { app, demo, root, headers } = await benchService(url, clock, database);

async function call(method: string, path: string, body?: unknown): Promise<any> {
  const init = { method, headers, body: body === undefined ? undefined : JSON.stringify(body) };
  let answer: Response;
  try {
    answer = await fetch(`${root}/api${path}`, init);
  } catch (err) {
    // client and server share this process: after the synchronous bulk load the server may have dropped an idle
    // keep-alive connection just as the client reuses it; a read is retried once
    if (method !== 'GET') throw err;
    answer = await fetch(`${root}/api${path}`, init);
  }
  const text = await answer.text();
  if (answer.status !== 200) throw new Error(`${method} ${path}: ${answer.status} ${text}`);
  return JSON.parse(text);
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
const p50p99 = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return `p50 ${percentile(sorted, 0.5).toFixed(1).padStart(7)} ms  p99 ${percentile(sorted, 0.99).toFixed(1).padStart(7)} ms`;
};
/** Wall-clock times, and the CPU time of this process (server and client) when given: load stretches only the first. */
function report(label: string, times: number[], cpu?: number[]): void {
  const used = cpu ? `   CPU ${p50p99(cpu)}` : '';
  console.log(`${label.padEnd(52)} n=${String(times.length).padStart(5)}  ${p50p99(times)}${used}`);
}

const document = (name: string, info: string) => ({
  type: 'SALES_INVOICE',
  date: '2026-06-15',
  counterParty: { counterPartyAddress: { name, street: 'Kauppakatu 1', zip: '00100', city: 'Helsinki' } },
  paymentInfo: { paymentMethod: 'BANK_TRANSFER', currency: 'EUR', dueDate: '2026-06-29', currencyRate: 1 },
  extraInfo: { accountingByRow: false, unitPricesIncludeVat: false },
  discountPercent: 0,
  vatStatus: 1,
  invoiceChannel: 'EMAIL',
  additionalInformation: info,
  invoiceRows: Array.from({ length: 10 }, (_, i) => ({
    product: `Tuote ${i + 1}`,
    quantity: 1 + (i % 3),
    unit: 'PIECE',
    unitPrice: 19.99 + i,
    discountPercent: i % 4 === 0 ? 5 : 0,
    vatPercent: i % 2 === 0 ? 25.5 : 13.5,
  })),
});

console.log(`engine: ${app.ctx.engine}, Node ${process.version}`);

// ------------------------------------------------------------------------------------------------ post + approve
const posts: number[] = [];
const approvals: number[] = [];
const both: number[] = [];
for (let i = 0; i < POSTS; i++) {
  const t0 = performance.now();
  const invoice = await call('POST', '/invoices', document(`Asiakas ${i} Oy`, 'Kuukausilaskutus'));
  const t1 = performance.now();
  await call('PUT', `/invoices/${invoice.id}/approve`, {});
  const t2 = performance.now();
  posts.push(t1 - t0);
  approvals.push(t2 - t1);
  both.push(t2 - t0);
}
report('POST /invoices (10 rows)', posts);
report('PUT /invoices/{id}/approve (posts 5 ledger lines)', approvals);
report('POST + approve', both);

// ------------------------------------------------------------------------------------------------ load
const db: Db = app.ctx.db;
const companyId = demo.companyId;
const FIRST_NAMES = ['Äänekosken', 'Böle', 'Vaasan', 'Oulun', 'Turun', 'Porin', 'Lahden', 'Kotkan', 'Joen', 'Åbo'];
const TRADES = ['Kauppa', 'Rakennus', 'Kuljetus', 'Konsultointi', 'Sähkö', 'Putki', 'Maalaus', 'Leipomo'];
const CUSTOMERS = 20_000;
const customerName = (n: number) =>
  `${FIRST_NAMES[n % FIRST_NAMES.length]} ${TRADES[(n >> 3) % TRADES.length]} ${n} Oy`;
const template = JSON.stringify(document('NAME', 'INFO'));
const listingTemplate = serializeListing(parseJson(template) as StoredInvoice);
const rowTotal = '2580'; // gross cents are not read by search; a fixed figure keeps the load simple

const loadStart = performance.now();
const BATCH = 2_000;
let nextId = 1_000_000;
for (let first = 0; first < INVOICES; first += BATCH) {
  await db.transaction().execute(async (trx) => {
    const invoices = [];
    const grams = [];
    for (let n = first; n < Math.min(first + BATCH, INVOICES); n++) {
      const id = nextId++;
      const name = customerName(n % CUSTOMERS);
      const info = n % 100 === 0 ? 'Vuosihuolto sopimus' : 'Kuukausilaskutus';
      const number = 100_000 + n;
      const text = `${name} ${number} ${info}`;
      invoices.push({
        company_id: companyId,
        id,
        type: 'SALES_INVOICE',
        status: 'UNFINISHED',
        invoice_number: number,
        is_offer: false,
        invoice_date: '2026-06-15',
        due_date: '2026-06-29',
        partner_id: null,
        factoring_contract_id: null,
        original_invoice_number: null,
        invoice_channel: 'EMAIL',
        currency: 'EUR',
        gross_minor: rowTotal,
        paid_minor: 0,
        payment_date: null,
        search_text: text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase(),
        ledger_receipt_id: null,
        creator_id: null,
        notes: null,
        body: template.replace('NAME', name).replace('INFO', info),
        listing: listingTemplate.replace('NAME', name),
        created_at: '2026-06-30T12:00:00.000',
        version: '2026-06-30T12:00:00.000',
      });
      for (const gram of searchGrams(text)) grams.push({ company_id: companyId, gram, invoice_id: id });
    }
    for (let i = 0; i < invoices.length; i += 500)
      await trx
        .insertInto('invoices')
        .values(invoices.slice(i, i + 500))
        .execute();
    for (let i = 0; i < grams.length; i += 1000)
      await trx
        .insertInto('invoice_search_grams')
        .values(grams.slice(i, i + 1000))
        .execute();
  });
  if ((first / BATCH) % 50 === 0) process.stdout.write(`\rloaded ${first + BATCH} invoices`);
}
if (postgres) await sql`vacuum analyze`.execute(db.withoutPlugins());
else await sql`analyze`.execute(db.withoutPlugins());
console.log(`\rloaded ${INVOICES} invoices in ${((performance.now() - loadStart) / 1000).toFixed(0)} s`);

// ------------------------------------------------------------------------------------------------ search
async function timeSearches(label: string, term: (i: number) => string, extra = ''): Promise<void> {
  const times: number[] = [];
  const cpu: number[] = [];
  let found = 0;
  let counted = 0;
  for (let i = 0; i < SEARCHES; i++) {
    const query = term(i) === '' ? '' : `searchTerm=${encodeURIComponent(term(i))}&`;
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    const page = await call('GET', `/invoices?${query}size=50${extra}`);
    times.push(performance.now() - t0);
    const used = process.cpuUsage(c0);
    cpu.push((used.user + used.system) / 1000);
    if (page.meta.totalCount !== undefined) {
      found += page.meta.totalCount as number;
      counted++;
    }
  }
  const hits = counted === 0 ? 'more than 1 000 hits' : `avg ${Math.round(found / counted)} hits`;
  report(`${label} (${hits}${counted > 0 && counted < SEARCHES ? `, counted on ${counted}` : ''})`, times, cpu);
}
await timeSearches('searchTerm: a customer (name + number)', (i) => {
  const n = (i * 7919) % CUSTOMERS;
  return `${FIRST_NAMES[n % FIRST_NAMES.length].toUpperCase()} ${n}`;
});
await timeSearches('searchTerm: an invoice number', (i) => String(100_000 + ((i * 104_729) % INVOICES)));
await timeSearches('searchTerm: a word of 1 % of invoices', () => 'vuosihuolto');
await timeSearches('searchTerm: a substring of 1/8 of invoices', () => 'auppa');
await timeSearches('searchTerm: a substring, page 20', () => 'auppa', '&page=20');
await timeSearches('no searchTerm: the first page of all', () => '');

await app.close();
await database.close();
if (!process.env.BENCH_KEEP) await bench.remove();
else console.log(url);
