// Bank-file benchmark: generates a camt.054.001.02 notification of 100 000 reference payments (batched 100 to an
// entry, as Finnish banks deliver them) against 100 000 open sales invoices with those references (most paid in
// full, every 10th partly, every 50th overpaid, every 100th without an invoice), imports it over HTTP as a stream
// into a fresh database, where the payments are matched to the invoices (each match a payment event and a posting),
// then imports it again (nothing added), with the time, the peak resident memory and the heap as the import advances.
//   node --expose-gc bench/bank.ts                          (embedded SQLite, a file in a temporary directory)
//   DATABASE_URL=postgres://… node --expose-gc bench/bank.ts (a new database on that server, dropped afterwards)
// Options: BENCH_PAYMENTS (default 100000), BENCH_BATCH (payments per entry, default 100).
import { createReadStream, createWriteStream, statSync } from 'node:fs';
import { once } from 'node:events';
import { Readable } from 'node:stream';
import { join } from 'node:path';
import { buildApp } from '../src/app.ts';
import { configFromEnv } from '../src/platform/config.ts';
import { ManualClock } from '../src/platform/clock.ts';
import { seedDemo } from '../src/company/demo.ts';
import { openDatabase } from '../src/db/index.ts';
import { globalTables } from '../src/modules.ts';
import { isValidFinnishReference } from '../src/domain/pain001.ts';
import { benchDatabase } from './database.ts';

const PAYMENTS = Number(process.env.BENCH_PAYMENTS ?? 100_000);
const BATCH = Number(process.env.BENCH_BATCH ?? 100);
const IBAN = 'FI2112345600000785';

// ------------------------------------------------------------------------------------------------ database
const bench = await benchDatabase('bank');
const { url, postgres, dir } = bench;

// ------------------------------------------------------------------------------------------------ the file
/** The n-th reference number: a base with its 7-3-1 check digit. */
function reference(n: number): string {
  const body = String(1000 + n);
  for (let check = 0; check < 10; check++) if (isValidFinnishReference(`${body}${check}`)) return `${body}${check}`;
  throw new Error(`no check digit for ${body}`);
}
const cents = (n: number) => 100 + ((n * 7919) % 500_000);
const euros = (c: number) => `${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}`;

const file = join(dir, 'camt054.xml');
const out = createWriteStream(file);
const write = async (text: string) => {
  if (!out.write(text)) await once(out, 'drain');
};
await write(`<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.02"><BkToCstmrDbtCdtNtfctn>
<GrpHdr><MsgId>BENCH-${PAYMENTS}</MsgId><CreDtTm>2026-03-10T18:00:00+02:00</CreDtTm></GrpHdr>
<Ntfctn><Id>BENCH-NTF-1</Id><Acct><Id><IBAN>${IBAN}</IBAN></Id><Ccy>EUR</Ccy></Acct>
`);
for (let first = 0; first < PAYMENTS; first += BATCH) {
  const last = Math.min(PAYMENTS, first + BATCH);
  let total = 0;
  let details = '';
  for (let n = first; n < last; n++) {
    total += cents(n);
    details +=
      `<TxDtls><Refs><AcctSvcrRef>VS-${n}</AcctSvcrRef></Refs><AmtDtls><TxAmt><Amt Ccy="EUR">${euros(cents(n))}</Amt></TxAmt></AmtDtls>` +
      `<RltdPties><Dbtr><Nm>Payer ${n}</Nm></Dbtr></RltdPties><RmtInf><Strd><CdtrRefInf><Tp><CdOrPrtry><Cd>SCOR</Cd></CdOrPrtry></Tp>` +
      `<Ref>${reference(n)}</Ref></CdtrRefInf></Strd></RmtInf></TxDtls>\n`;
  }
  await write(
    `<Ntry><Amt Ccy="EUR">${euros(total)}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2026-03-10</Dt></BookgDt>` +
      `<ValDt><Dt>2026-03-10</Dt></ValDt><AcctSvcrRef>ENTRY-${first}</AcctSvcrRef><BkTxCd><Prtry><Cd>705VIITESIIRTO</Cd><Issr>FFFS</Issr></Prtry></BkTxCd>` +
      `<NtryDtls><Btch><NbOfTxs>${last - first}</NbOfTxs></Btch>\n${details}</NtryDtls></Ntry>\n`,
  );
}
await write('</Ntfctn></BkToCstmrDbtCdtNtfctn></Document>\n');
out.end();
await once(out, 'finish');
const size = statSync(file).size;

// ------------------------------------------------------------------------------------------------ service
const clock = new ManualClock('2026-03-11T12:00:00Z');
const database = openDatabase({ url, globalTables: globalTables() });
const config = {
  ...configFromEnv({ TASE_MODE: 'sandbox', TASE_RATE_LIMIT: '0' }),
  databaseUrl: url,
  port: 0,
  logLevel: 'silent' as const,
};
const app = await buildApp({ config, clock, database });
const demo = await seedDemo(app.ctx);
await app.services.bankAccounts.create(demo.companyId, {
  iban: IBAN,
  currency: 'EUR',
  defaultForInvoice: false,
  defaultForPayment: false,
  status: 'ACTIVE',
  ledgerAccount: '1910',
  showAccountOnInvoice: false,
  allowPayments: false,
  allowForeignPayments: false,
});
await app.fastify.listen({ port: 0, host: '127.0.0.1' });
const root = `http://127.0.0.1:${(app.fastify.server.address() as { port: number }).port}`;
const tokenAnswer = await fetch(`${root}/api/oauth/token`, {
  method: 'POST',
  body: new URLSearchParams({
    grant_type: 'client_credentials',
    client_id: demo.clientId,
    client_secret: demo.clientSecret,
    api_key: demo.apiKey,
  }),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});
const token = ((await tokenAnswer.json()) as { access_token: string }).access_token;
const setupStarted = performance.now();
const invoiceCount = await openInvoices();
console.log(
  `setup: ${invoiceCount} open sales invoices in ${((performance.now() - setupStarted) / 1000).toFixed(1)} s (not measured)`,
);

/** The open invoice of payment n: its gross amount in cents, or undefined when the payment has none. */
function invoiceCents(n: number): number | undefined {
  if (n % 100 === 99) return undefined;
  if (n % 50 === 49) return cents(n) - 50; // overpaid
  if (n % 10 === 9) return cents(n) + 1000; // paid partly
  return cents(n);
}

/**
 * The open sales invoices the payments are matched against: one approved through the API, the others copies of its
 * row with their own id, number, reference and amounts (a setup shortcut; the matching reads and pays them as any).
 */
async function openInvoices(): Promise<number> {
  const post = (path: string, method: string, body: unknown) =>
    fetch(`${root}/api${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const created = await post('/invoices', 'POST', {
    type: 'SALES_INVOICE',
    date: '2026-03-01',
    counterParty: { counterPartyAddress: { name: 'Customer' } },
    paymentInfo: {
      paymentMethod: 'BANK_TRANSFER',
      currency: 'EUR',
      dueDate: '2026-03-24',
      currencyRate: 1,
      bankReferenceCode: reference(0),
    },
    extraInfo: { accountingByRow: false, unitPricesIncludeVat: false },
    discountPercent: 0,
    vatStatus: 1,
    invoiceChannel: 'NO_SENDING',
    invoiceRows: [{ product: 'Work', quantity: 1, unit: 'HOUR', unitPrice: 1, discountPercent: 0, vatPercent: 0 }],
  });
  const { id } = (await created.json()) as { id: number };
  if ((await post(`/invoices/${id}/approve`, 'PUT', {})).status !== 200) throw new Error('approve failed');
  const db = app.ctx.db;
  const template = await db
    .selectFrom('invoices')
    .selectAll()
    .where('company_id', '=', demo.companyId)
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  await db.deleteFrom('invoices').where('company_id', '=', demo.companyId).where('id', '=', id).execute();
  let count = 0;
  let rows: (typeof template)[] = [];
  const flush = async () => {
    if (rows.length > 0) await db.insertInto('invoices').values(rows).execute();
    rows = [];
  };
  for (let n = 0; n < PAYMENTS; n++) {
    const gross = invoiceCents(n);
    if (gross === undefined) continue;
    count++;
    rows.push({
      ...template,
      id: id + 1 + n,
      invoice_number: 100_000 + n,
      gross_minor: String(gross),
      paid_minor: '0',
      body: template.body.replace(reference(0), reference(n)),
    });
    if (rows.length === 500) await flush();
  }
  await flush();
  return count;
}

// ------------------------------------------------------------------------------------------------ memory
const gc = (globalThis as { gc?: () => void }).gc;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
let peak = 0;
let peakHeap = 0;
const sampler = setInterval(() => {
  const usage = process.memoryUsage();
  peak = Math.max(peak, usage.rss);
  peakHeap = Math.max(peakHeap, usage.heapTotal);
}, 10);
/** Heap in use at each quarter of the file read (after a collection when --expose-gc is given). */
let quarters: string[] = [];
const watchQuarters = () => {
  quarters = [];
  let next = 1;
  return (bytes: number) => {
    while (next <= 4 && bytes >= (size * next) / 4) {
      gc?.();
      quarters.push(mb(process.memoryUsage().heapUsed));
      next++;
    }
  };
};

async function phase<T>(name: string, work: () => Promise<T>): Promise<T> {
  gc?.();
  peak = process.memoryUsage().rss;
  peakHeap = process.memoryUsage().heapTotal;
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const result = await work();
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  console.log(
    `${name.padEnd(36)} ${seconds.toFixed(1).padStart(6)} s   ${(PAYMENTS / seconds).toFixed(0).padStart(7)} payments/s` +
      `   CPU ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s   peak RSS ${mb(peak)} (heap reserved ${mb(peakHeap)})` +
      `   heap by quarter of the file: ${quarters.join(' / ')}`,
  );
  return result;
}

console.log(
  `bank benchmark on ${postgres ? 'PostgreSQL' : 'SQLite'}: camt.054.001.02 of ${PAYMENTS} reference payments ` +
    `(${BATCH} per entry), ${mb(size)}; RSS before ${mb(process.memoryUsage().rss)}`,
);
try {
  const first = await phase('import + matching over HTTP (stream)', async () => {
    const onBytes = watchQuarters();
    let read = 0;
    const body = Readable.toWeb(
      createReadStream(file).on('data', (chunk) => onBytes((read += (chunk as Buffer).byteLength))),
    ) as ReadableStream<Uint8Array>;
    const answer = await fetch(`${root}/api/bankstatements/import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/xml' },
      body,
      duplex: 'half',
    });
    if (answer.status !== 200) throw new Error(`import: ${answer.status} ${await answer.text()}`);
    return (await answer.json()) as {
      referencePayments: { imported: number; skipped: number };
      matching: { matched: number; partial: number; overpayments: number; unmatched: number };
    };
  });
  if (first.referencePayments.imported !== PAYMENTS) throw new Error(`imported ${JSON.stringify(first)}`);
  console.log(`matching: ${JSON.stringify(first.matching)}`);
  const again = await phase('the same file again (service)', () => {
    const onBytes = watchQuarters();
    return app.services.bank.importFile(demo.companyId, createReadStream(file), (p) => onBytes(p.bytes));
  });
  if (again.statements.skipped !== 1 || again.referencePayments.imported !== 0)
    throw new Error(`second import ${JSON.stringify(again)}`);
  // the same payments under a new notification id: each one is found already imported by its archive id
  async function* resent() {
    let first = true;
    for await (const chunk of createReadStream(file)) {
      const bytes = chunk as Buffer;
      yield first ? Buffer.from(bytes.toString('latin1').replace('BENCH-NTF-1', 'BENCH-NTF-2'), 'latin1') : bytes;
      first = false;
    }
  }
  const resend = await phase('resent under a new id (service)', () => {
    const onBytes = watchQuarters();
    return app.services.bank.importFile(demo.companyId, resent(), (p) => onBytes(p.bytes));
  });
  if (resend.referencePayments.skipped !== PAYMENTS) throw new Error(`resent import ${JSON.stringify(resend)}`);
  const listed = await fetch(`${root}/api/referencepayments?size=200&orderById=DESC`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const page = (await listed.json()) as { meta: { totalCount: number } };
  console.log(`reference payments listed: ${page.meta.totalCount}`);
} finally {
  clearInterval(sampler);
  await app.close();
  await bench.remove();
}
