// Reference payments matched the way a Finnish bank reconciler expects, over real HTTP: a reference the bank padded
// with zeros to 20 digits pays the invoice of the unpadded reference; a camt.053 statement's credits carrying a
// creditor reference are matched like camt.054 reference payments, and a payment in both files is taken once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/platform/clock.ts';
import { startService, type TestService } from './support/service.ts';
import { bankAccountBody, invoiceBody } from './support/bank-bodies.ts';

let svc: TestService;
const IBAN = 'FI2112345600000785';

interface Payment {
  amount: string;
  reference: string;
  /** The transaction's AcctSvcrRef; none when left out. */
  archiveId?: string;
  name?: string;
}

const tx = (p: Payment) => `<TxDtls>
  ${p.archiveId ? `<Refs><AcctSvcrRef>${p.archiveId}</AcctSvcrRef></Refs>` : ''}
  <AmtDtls><TxAmt><Amt Ccy="EUR">${p.amount}</Amt></TxAmt></AmtDtls>
  <RltdPties><Dbtr><Nm>${p.name ?? 'Maksaja Oy'}</Nm></Dbtr></RltdPties>
  <RmtInf><Strd><CdtrRefInf><Tp><CdOrPrtry><Cd>SCOR</Cd></CdOrPrtry></Tp><Ref>${p.reference}</Ref></CdtrRefInf></Strd></RmtInf>
</TxDtls>`;

const entry = (archiveId: string, payments: Payment[], sign = 'CRDT') => {
  const cents = payments.reduce((sum, p) => sum + BigInt(p.amount.replace('.', '')), 0n);
  return `<Ntry>
  <Amt Ccy="EUR">${cents / 100n}.${String(cents % 100n).padStart(2, '0')}</Amt>
  <CdtDbtInd>${sign}</CdtDbtInd>
  <Sts>BOOK</Sts>
  <BookgDt><Dt>2026-03-12</Dt></BookgDt>
  <ValDt><Dt>2026-03-12</Dt></ValDt>
  <AcctSvcrRef>${archiveId}</AcctSvcrRef>
  <BkTxCd><Prtry><Cd>705VIITESIIRTO</Cd><Issr>FFFS</Issr></Prtry></BkTxCd>
  <NtryDtls>${payments.length > 1 ? `<Btch><NbOfTxs>${payments.length}</NbOfTxs></Btch>` : ''}${payments.map(tx).join('')}</NtryDtls>
</Ntry>`;
};

/** A camt.054.001.02 notification of reference payments, as Finnish banks send them. */
const notification = (id: string, entries: string[]) => `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.02"><BkToCstmrDbtCdtNtfctn>
  <GrpHdr><MsgId>${id}</MsgId><CreDtTm>2026-03-12T18:00:00+02:00</CreDtTm></GrpHdr>
  <Ntfctn><Id>${id}</Id><CreDtTm>2026-03-12T18:00:00+02:00</CreDtTm>
    <Acct><Id><IBAN>${IBAN}</IBAN></Id><Ccy>EUR</Ccy></Acct>
    ${entries.join('\n')}
  </Ntfctn>
</BkToCstmrDbtCdtNtfctn></Document>`;

/** A camt.053.001.02 statement of the same day. */
const statement = (id: string, entries: string[]) => `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt>
  <GrpHdr><MsgId>${id}</MsgId><CreDtTm>2026-03-13T06:00:00+02:00</CreDtTm></GrpHdr>
  <Stmt><Id>${id}</Id><CreDtTm>2026-03-13T06:00:00+02:00</CreDtTm>
    <FrToDt><FrDtTm>2026-03-12T00:00:00+02:00</FrDtTm><ToDtTm>2026-03-12T23:59:59+02:00</ToDtTm></FrToDt>
    <Acct><Id><IBAN>${IBAN}</IBAN></Id><Ccy>EUR</Ccy></Acct>
    ${entries.join('\n')}
  </Stmt>
</BkToCstmrStmt></Document>`;

async function approved(reference: string, unitPrice: number): Promise<number> {
  const created = await svc.api(
    'POST',
    '/invoices',
    invoiceBody('SALES_INVOICE', unitPrice, 0, { bankReferenceCode: reference }),
  );
  expect(created.status, created.text).toBe(200);
  expect((await svc.api('PUT', `/invoices/${created.body.id}/approve`, {})).status).toBe(200);
  return created.body.id;
}

const importFile = (xml: string) =>
  svc.api('POST', '/bankstatements/import', undefined, { raw: xml, contentType: 'application/xml' });

const status = async (id: number) => (await svc.api('GET', `/invoices/${id}`)).body.status;

beforeAll(async () => {
  svc = await startService({ clock: new ManualClock('2026-03-15T10:00:00Z') });
  const answer = await svc.api('POST', '/bankaccounts', bankAccountBody(IBAN));
  expect(answer.status, answer.text).toBe(200);
});
afterAll(() => svc.close());

describe('references in their canonical form', () => {
  it('pays the invoice of 6450830029863 with a payment the bank padded to 00000006450830029863', async () => {
    const padded = await approved('6450830029863', 124.5);
    const spaced = await approved('RF18 5390 0754 7034', 80);
    const mistyped = await approved('1234561', 30);
    const answer = await importFile(
      notification('NTF-PAD-1', [
        entry('PAD-1', [
          { amount: '124.50', reference: '00000006450830029863', archiveId: 'PAD-1/1' },
          { amount: '80.00', reference: 'rf18539007547034', archiveId: 'PAD-1/2' },
          // the check digit of 1234561 is 1: a payment to 1234562 is nobody's
          { amount: '30.00', reference: '00001234562', archiveId: 'PAD-1/3' },
        ]),
      ]),
    );
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.matching).toEqual({ matched: 2, partial: 0, overpayments: 0, unmatched: 1 });
    expect(await status(padded)).toBe('PAID');
    expect(await status(spaced)).toBe('PAID');
    expect(await status(mistyped)).toBe('NOT_SENT');
    // the bank's reference is kept as the bank wrote it
    const payments = (await svc.api('GET', '/referencepayments')).body.results;
    expect(payments.map((p: { bankReference: string }) => p.bankReference)).toContain('00000006450830029863');
  });
});

describe('camt.053 credits with a creditor reference', () => {
  it('matches them like camt.054 reference payments', async () => {
    const invoice = await approved('12345672', 55.1);
    const answer = await importFile(
      statement('STMT-REF-1', [
        entry('STMT-REF-1/1', [{ amount: '55.10', reference: '0000000000012345672', archiveId: 'SR-1' }]),
        // a debit carrying a reference is an outgoing payment, no reference payment
        entry('STMT-REF-1/2', [{ amount: '19.90', reference: '11112' }], 'DBIT'),
      ]),
    );
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({ events: { imported: 2 }, referencePayments: { imported: 1 } });
    expect(answer.body.matching).toEqual({ matched: 1, partial: 0, overpayments: 0, unmatched: 0 });
    expect(await status(invoice)).toBe('PAID');
    // the credit is booked through its reference payment: its event cannot be booked a second time
    const statements = (await svc.api('GET', '/bankstatements')).body.results;
    const stmt = statements.find((s: { events: { archiveCode?: string }[] }) =>
      s.events.some((e) => e.archiveCode === 'STMT-REF-1/1'),
    );
    const event = stmt.events.find((e: { archiveCode?: string }) => e.archiveCode === 'STMT-REF-1/1');
    const again = await svc.api('PUT', `/bankstatements/${stmt.id}/events/${event.id}/invoices`, invoice);
    expect(again.status, again.text).toBe(409);
    expect(again.body.errors[0]).toMatchObject({ field: 'eventId' });
    expect(again.body.errors[0].message).toMatch(/^BANK_EVENT_HAS_REFERENCE_PAYMENTS/);
    const other = await approved('1234561', 55.1);
    const elsewhere = await svc.api('PUT', `/bankstatements/${stmt.id}/events/${event.id}/invoices`, other);
    expect(elsewhere.status, elsewhere.text).toBe(409);
    expect(await status(other)).toBe('NOT_SENT');
  });

  it('takes a payment once when both the notification and the statement carry it, in either order', async () => {
    // with the transaction's archive id in both files
    const first = await approved('1111111117', 40);
    // without one: the same reference, amount and date in the other kind of file is the same payment
    const second = await approved('22222222220', 60);
    const ntf = notification('NTF-BOTH-1', [
      entry('NTF-BOTH-1/1', [{ amount: '40.00', reference: '1111111117', archiveId: 'BOTH-1' }]),
      entry('NTF-BOTH-1/2', [{ amount: '60.00', reference: '22222222220' }]),
    ]);
    const stmt = statement('STMT-BOTH-1', [
      entry('STMT-BOTH-1/1', [
        { amount: '40.00', reference: '1111111117', archiveId: 'BOTH-1' },
        { amount: '60.00', reference: '00000000022222222220' },
      ]),
    ]);
    const fromNotification = await importFile(ntf);
    expect(fromNotification.body.matching).toEqual({ matched: 2, partial: 0, overpayments: 0, unmatched: 0 });
    const fromStatement = await importFile(stmt);
    expect(fromStatement.status, fromStatement.text).toBe(200);
    expect(fromStatement.body).toMatchObject({ referencePayments: { imported: 0, skipped: 2 } });
    expect(fromStatement.body.matching).toBeUndefined();
    expect([await status(first), await status(second)]).toEqual(['PAID', 'PAID']);
    const events = (await svc.api('GET', `/invoices/${second}/paymentevents`)).body.results;
    expect(events).toHaveLength(1);

    // the statement first this time
    const third = await approved('3333333331', 70);
    const stmtFirst = await importFile(
      statement('STMT-BOTH-2', [entry('STMT-BOTH-2/1', [{ amount: '70.00', reference: '3333333331' }])]),
    );
    expect(stmtFirst.body.matching).toEqual({ matched: 1, partial: 0, overpayments: 0, unmatched: 0 });
    const ntfLater = await importFile(
      notification('NTF-BOTH-2', [entry('NTF-BOTH-2/1', [{ amount: '70.00', reference: '3333333331' }])]),
    );
    expect(ntfLater.body).toMatchObject({ referencePayments: { imported: 0, skipped: 1 } });
    expect((await svc.api('GET', `/invoices/${third}/paymentevents`)).body.results).toHaveLength(1);
  });

  it('never books an entry twice when the same statement comes again under another id', async () => {
    const invoice = await approved('4444444448', 25);
    const xml = statement('STMT-AGAIN-1', [
      entry('STMT-AGAIN-1/1', [{ amount: '25.00', reference: '4444444448', archiveId: 'AGAIN-1' }]),
    ]);
    expect((await importFile(xml)).body.matching).toMatchObject({ matched: 1 });
    const resent = await importFile(xml.replaceAll('STMT-AGAIN-1<', 'STMT-AGAIN-RESENT<'));
    expect(resent.status, resent.text).toBe(200);
    expect(resent.body).toMatchObject({
      statements: { imported: 1 },
      events: { imported: 0, skipped: 1 },
      referencePayments: { imported: 0, skipped: 1 },
    });
    expect((await svc.api('GET', `/invoices/${invoice}/paymentevents`)).body.results).toHaveLength(1);
  });
});
