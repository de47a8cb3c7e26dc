// Matching in chunks gives what matching one by one gives: the same several hundred reference payments (full,
// partial, overpaid, twice paid, without an invoice, in another currency, returned) are imported into two
// services with the same open invoices, into one as a single notification (matched in chunks, across a chunk's
// end) and into the other one payment a notification (each matched on its own). Payments, invoices, payment
// events and ledger receipts must come out the same over HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/platform/clock.ts';
import { finnishReference, rfReference } from '../src/domain/reference-codes.ts';
import { startService, type TestService } from './support/service.ts';
import { bankAccountBody, invoiceBody } from './support/bank-bodies.ts';

const IBAN = 'FI2112345600000785';
const INVOICES = 120;
/** References in use: the last ones have no invoice. */
const REFERENCES = 150;
/** More than a chunk (500), so the matching crosses a chunk's end. */
const PAYMENTS = 540;

/** Reference r as the invoice carries it: Finnish, or RF printed in groups of four (some lower-case). */
function invoiceReference(r: number): string {
  if (r % 10 !== 3) return finnishReference(String(1000 + r));
  const printed = rfReference(String(5000 + r)).replace(/(.{4})(?=.)/g, '$1 ');
  return r % 20 === 3 ? printed.toLowerCase() : printed;
}
/** As the bank sends it: without spaces. */
const paymentReference = (r: number) => invoiceReference(r).replace(/\s/g, '').toUpperCase();
const invoiceCents = (r: number) => 1000 + ((r * 37) % 900) * 10;

interface Payment {
  n: number;
  reference: string;
  cents: number;
  returned: boolean;
}

/** Payment n: the full open amount, half of it, a third, more, or a small sum, on a reference of 150. */
function payment(n: number): Payment {
  const r = n % REFERENCES;
  const gross = invoiceCents(r);
  const kind = (n * 7 + Math.floor(n / REFERENCES)) % 5;
  const cents = [gross, Math.floor(gross / 2), Math.floor(gross / 3), gross + 500, 250][kind];
  return { n, reference: paymentReference(r), cents, returned: n % 97 === 50 };
}

const euros = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

function transaction(p: Payment): string {
  return (
    `<TxDtls><Refs><AcctSvcrRef>VS-${p.n}</AcctSvcrRef></Refs><AmtDtls><TxAmt><Amt Ccy="EUR">${euros(p.cents)}</Amt>` +
    `</TxAmt></AmtDtls><RltdPties><Dbtr><Nm>Payer ${p.n}</Nm></Dbtr></RltdPties><RmtInf><Strd><CdtrRefInf><Tp>` +
    `<CdOrPrtry><Cd>SCOR</Cd></CdOrPrtry></Tp><Ref>${p.reference}</Ref></CdtrRefInf></Strd></RmtInf></TxDtls>`
  );
}

/** An entry of payments in a row (a returned payment is an entry of its own). */
function entry(payments: Payment[]): string {
  const returned = payments[0].returned;
  const total = payments.reduce((sum, p) => sum + p.cents, 0);
  return (
    `<Ntry><Amt Ccy="EUR">${euros(total)}</Amt><CdtDbtInd>${returned ? 'DBIT' : 'CRDT'}</CdtDbtInd>` +
    `${returned ? '<RvslInd>true</RvslInd>' : ''}<Sts>BOOK</Sts><BookgDt><Dt>2026-03-10</Dt></BookgDt>` +
    `<ValDt><Dt>2026-03-10</Dt></ValDt><AcctSvcrRef>E-${payments[0].n}</AcctSvcrRef><BkTxCd><Prtry>` +
    `<Cd>705VIITESIIRTO</Cd><Issr>FFFS</Issr></Prtry></BkTxCd><NtryDtls>` +
    `${payments.length > 1 ? `<Btch><NbOfTxs>${payments.length}</NbOfTxs></Btch>` : ''}` +
    `${payments.map(transaction).join('')}</NtryDtls></Ntry>`
  );
}

/** A camt.054.001.02 notification of the payments, in entries of up to 40 (returned ones alone). */
function notification(id: string, payments: Payment[]): string {
  const entries: Payment[][] = [];
  for (const p of payments) {
    const last = entries.at(-1);
    if (last && !p.returned && !last[0].returned && last.length < 40) last.push(p);
    else entries.push([p]);
  }
  return (
    `<?xml version="1.0" encoding="UTF-8"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.02">` +
    `<BkToCstmrDbtCdtNtfctn><GrpHdr><MsgId>${id}</MsgId><CreDtTm>2026-03-10T18:00:00+02:00</CreDtTm></GrpHdr>` +
    `<Ntfctn><Id>${id}</Id><Acct><Id><IBAN>${IBAN}</IBAN></Id><Ccy>EUR</Ccy></Acct>${entries.map(entry).join('')}` +
    `</Ntfctn></BkToCstmrDbtCdtNtfctn></Document>`
  );
}

type Counts = { matched: number; partial: number; overpayments: number; unmatched: number };

async function importFile(svc: TestService, xml: string): Promise<Counts> {
  const answer = await svc.api('POST', '/bankstatements/import', undefined, {
    raw: xml,
    contentType: 'application/xml',
  });
  expect(answer.status, answer.text).toBe(200);
  return answer.body.matching;
}

/** A service with the bank account and the open invoices (the same ids in every service). */
async function withInvoices(): Promise<{ svc: TestService; invoiceIds: number[] }> {
  const svc = await startService({ clock: new ManualClock('2026-03-15T10:00:00Z') });
  expect((await svc.api('POST', '/bankaccounts', bankAccountBody(IBAN))).status).toBe(200);
  const invoiceIds: number[] = [];
  for (let r = 0; r < INVOICES; r++) {
    // a few in another currency: the reference fits, the currency does not
    const currency = r % 25 === 7 ? { currency: 'SEK', currencyRate: 11 } : {};
    const body = invoiceBody('SALES_INVOICE', invoiceCents(r) / 100, 0, {
      bankReferenceCode: invoiceReference(r),
      ...currency,
    });
    const created = await svc.api('POST', '/invoices', body);
    expect(created.status, created.text).toBe(200);
    expect((await svc.api('PUT', `/invoices/${created.body.id}/approve`, {})).status).toBe(200);
    invoiceIds.push(created.body.id);
  }
  return { svc, invoiceIds };
}

async function all(svc: TestService, path: string): Promise<unknown[]> {
  const rows: unknown[] = [];
  for (let page = 0; ; page++) {
    const answer = await svc.api('GET', `${path}${path.includes('?') ? '&' : '?'}size=200&page=${page}`);
    expect(answer.status, answer.text).toBe(200);
    rows.push(...answer.body.results);
    if (answer.body.results.length < 200) return rows;
  }
}

/** What the matching leaves, as the API shows it. */
async function outcome(svc: TestService, invoiceIds: number[]) {
  const invoices = [];
  for (const id of invoiceIds) {
    const invoice = (await svc.api('GET', `/invoices/${id}`)).body;
    invoices.push({ id, invoice, events: await all(svc, `/invoices/${id}/paymentevents`) });
  }
  return {
    payments: await all(svc, '/referencepayments?orderById=ASC'),
    invoices,
    receipts: await all(svc, '/ledgerreceipts?startDate=2026-01-01&endDate=2026-12-31'),
  };
}

let chunked: { svc: TestService; invoiceIds: number[] };
let single: { svc: TestService; invoiceIds: number[] };

beforeAll(async () => {
  chunked = await withInvoices();
  single = await withInvoices();
}, 300_000);
afterAll(async () => {
  await chunked?.svc.close();
  await single?.svc.close();
});

describe('matching in chunks', () => {
  it('gives the same payments, invoices, events and postings as matching one by one', async () => {
    const payments = Array.from({ length: PAYMENTS }, (_, n) => payment(n));
    const inChunks = await importFile(chunked.svc, notification('ALL', payments));
    const oneByOne: Counts = { matched: 0, partial: 0, overpayments: 0, unmatched: 0 };
    for (const p of payments) {
      const counts = await importFile(single.svc, notification(`ONE-${p.n}`, [p]));
      for (const key of Object.keys(oneByOne) as (keyof Counts)[]) oneByOne[key] += counts[key];
    }
    expect(inChunks).toEqual(oneByOne);
    // every case is there
    for (const count of Object.values(inChunks)) expect(count).toBeGreaterThan(10);

    const a = await outcome(chunked.svc, chunked.invoiceIds);
    const b = await outcome(single.svc, single.invoiceIds);
    expect(a.payments).toHaveLength(PAYMENTS);
    const statuses = new Set(a.invoices.map((i) => (i.invoice as { status: string }).status));
    expect([...statuses].sort()).toEqual(['NOT_SENT', 'PAID', 'PARTLY_PAID']);
    // the statements differ (one against one a payment); the rest must be the same
    const withoutStatement = (rows: unknown[]) =>
      rows.map((row) => ({ ...(row as Record<string, unknown>), bankStatementId: undefined }));
    expect(withoutStatement(a.payments)).toEqual(withoutStatement(b.payments));
    expect(a.invoices).toEqual(b.invoices);
    expect(a.receipts).toEqual(b.receipts);
    // nothing is left to look at
    const again = await chunked.svc.api('POST', '/referencepayments/match');
    expect(again.body).toEqual({ matched: 0, partial: 0, overpayments: 0, unmatched: 0 });
  }, 600_000);
});
