// The corpus of published files (test/fixtures/real/, sources and licences in its README): Finvoice invoices of
// versions 1.3, 2.0, 2.01 and 3.0 from an operator's examples and open-source parsers, alone and in their SOAP
// transmission frame, and camt.053/camt.054 files of Finnish banks from an open-source parser. Each is sent over
// HTTP and checked against the figures worked out by hand from the file; a file Tase cannot read is a 400 that
// names what is wrong, with nothing stored.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { ManualClock } from '../src/platform/clock.ts';
import { otherCompany, startService, type TestService } from './support/service.ts';
import { bankAccountBody, invoiceBody } from './support/bank-bodies.ts';

let svc: TestService;

beforeAll(async () => {
  svc = await startService({ clock: new ManualClock('2026-03-15T10:00:00Z') });
});
afterAll(() => svc.close());

const fixture = (name: string) => readFileSync(join(import.meta.dirname, 'fixtures', 'real', name));

/** A company of its own for a file: the published examples share their sender and invoice number. */
async function company(name: string) {
  const other = await otherCompany(svc, name.slice(0, 60));
  const send = async (path: string, bytes: Uint8Array) => {
    const response = await fetch(`${svc.base}/api${path}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${other.token}`,
        'content-type': 'application/xml',
        'tase-additions': 'include',
      },
      body: new Uint8Array(bytes),
    });
    const text = await response.text();
    return { status: response.status, text, body: JSON.parse(text) };
  };
  const purchaseInvoices = async (): Promise<unknown[]> => {
    const answer = await svc.request('GET', '/api/invoices?type=PURCHASE_INVOICE&pageSize=100', {
      token: other.token,
    });
    expect(answer.status, answer.text).toBe(200);
    return answer.body.results;
  };
  return { send, purchaseInvoices };
}

/** The figures of a purchase invoice: totals, and its rows as product, quantity, unit price, discount, VAT %. */
const figures = (invoice: any) => ({
  totals: {
    net: invoice.invoiceSumInfo[0].excludingVatTotal,
    vat: invoice.invoiceSumInfo[0].vatSumTotal,
    gross: invoice.invoiceSumInfo[0].invoiceSumTotal,
  },
  rows: invoice.invoiceRows.map((r: any) => [r.product, r.quantity, r.unitPrice, r.discountPercent, r.vatPercent]),
});

// Maventa's anonymised example of one invoice (2013000018, seller 1234567-8) written in four Finvoice versions:
// one row of 89 × 1,50 = 133,50 without VAT and 32,04 VAT, the invoice's VAT specification 24 % of 133,50 =
// 32,04, total 165,54, paid with RF471234567890. Versions 1.3 and 2.0 give the row its VAT amount but its rate only
// at invoice level (InvoiceDetails/VatSpecificationDetails); 2.01 gives the rate on the row too.
const MAVENTA_165_54 = {
  totals: { net: 133.5, vat: 32.04, gross: 165.54 },
  rows: [['ArticleName', 89, 1.5, 0, 24]],
};

describe('Finvoice 1.3, 2.0 and 2.01 of an operator, alone and in their SOAP frame', () => {
  for (const [file, version, messageId, date, rateFromInvoice] of [
    ['maventa-finvoice-1.3-mtd.xml', '1.3', '123', '2020-06-24', true],
    ['maventa-finvoice-1.3-soap.xml', '1.3', 'MAVb1af302e-31db-4a3d-bc95-b6a387cbf686', '2020-06-24', true],
    ['maventa-finvoice-2.0-mtd.xml', '2.0', '123', '2020-06-24', true],
    ['maventa-finvoice-2.0-soap.xml', '2.0', 'MAVb1af302e-31db-4a3d-bc95-b6a387cbf686', '2020-06-24', true],
    ['maventa-finvoice-2.01-mtd.xml', '2.01', '123', '2013-08-14', false],
    ['maventa-finvoice-2.01-soap.xml', '2.01', 'MAVb1af302e-31db-4a3d-bc95-b6a387cbf686', '2013-08-14', false],
  ] as const) {
    it(`${file}: 165,54 with VAT 24 % (version ${version}), taken once (message ${messageId})`, async () => {
      const { send, purchaseInvoices } = await company(file);
      const bytes = fixture(file);
      expect(bytes.subarray(0, 60).toString('latin1')).toContain('encoding="ISO-8859-15"');
      const answer = await send('/invoices/finvoice', bytes);
      expect(answer.status, answer.text).toBe(200);
      expect(figures(answer.body)).toEqual(MAVENTA_165_54);
      expect(answer.body).toMatchObject({
        type: 'PURCHASE_INVOICE',
        date,
        sellerReferenceIdentifier: '2013000018',
        counterParty: { identifier: '1234567-8' },
        paymentInfo: { bankReferenceCode: 'RF471234567890', bankReferenceCodeType: 'RF' },
      });
      if (rateFromInvoice) expect(answer.body.notes).toMatch(/InvoiceRow 2: VAT 24 % taken from the invoice's VAT/);
      else expect(answer.body.notes ?? '').not.toMatch(/VAT specification/);
      // the same message again, even as a delivery, is the same invoice
      const again = await send('/invoices/finvoice/deliveries', bytes);
      expect(again.status, again.text).toBe(200);
      expect(again.body.invoices.map((i: { id: number }) => i.id)).toEqual([answer.body.id]);
      expect(await purchaseInvoices()).toHaveLength(1);
    });
  }
});

describe('Finvoice 3.0 with row charges, a sub-row and stated row amounts', () => {
  // the row: 1 kg × 500,00 less 50 % = 250,00 by quantity and price, but the sender states 900,00 without VAT
  // (its charges of 500,00 and 150,00 and more), 216,00 VAT and 1 116,00 in all, as its VAT specification (24 %
  // of 900,00) and its totals do; the row after it has only a sub-row (its specification, no amount of its own)
  for (const file of ['maventa-finvoice-3.0-iso-8859-15.xml', 'maventa-finvoice-3.0-soap.xml']) {
    it(`${file}: keeps the sender's 1 116,00 and names the difference`, async () => {
      const { send } = await company(file);
      const answer = await send('/invoices/finvoice', fixture(file));
      expect(answer.status, answer.text).toBe(200);
      expect(figures(answer.body)).toEqual({
        totals: { net: 900, vat: 216, gross: 1116 },
        rows: [['ArticleName', 1, 900, 0, 24]],
      });
      expect(answer.body.paymentInfo).toMatchObject({ bankReferenceCode: '91901000011', dueDate: '2019-01-28' });
      expect(answer.body.notes).toMatch(
        /InvoiceRow 3 \(ArticleName\): the sender's amount 900\.00 kept where quantity × price less discount gives 250\.00, charges ReasonText 500\.00; ReasonText 150\.00/,
      );
      expect(answer.body.notes).toMatch(/InvoiceRow 4: only sub-rows, kept in the message as a specification/);
    });
  }
});

describe('Finvoice 2.01 of open-source parsers', () => {
  it('finvoice-parser-2.01-stockmann.xml: 145 × 2,50 + 1 × 2,00 = 364,50, VAT 24 % 87,48, 451,98', async () => {
    const { send } = await company('stockmann');
    const answer = await send('/invoices/finvoice', fixture('finvoice-parser-2.01-stockmann.xml'));
    expect(answer.status, answer.text).toBe(200);
    expect(figures(answer.body)).toEqual({
      totals: { net: 364.5, vat: 87.48, gross: 451.98 },
      rows: [
        ['114713', 145, 2.5, 0, 24],
        ['Paperilasku 2,00', 1, 2, 0, 24],
      ],
    });
    expect(answer.body).toMatchObject({
      date: '2023-02-01',
      sellerReferenceIdentifier: '100946',
      counterParty: { identifier: '0114162-2', counterPartyAddress: { name: 'Stockmann Oyj Abp' } },
      paymentInfo: {
        dueDate: '2023-02-28',
        bankReferenceCode: '101074450001009462',
        bankAccount: { accountNumber: 'FI3843224649000556' },
      },
    });
    expect(answer.body.notes).toBeUndefined();
  });

  it("rfinvoice-finvoice-2.01.xml: a row of 0,02 the sender's totals of 0,00 leave out, and an RF reference failing its check", async () => {
    const { send } = await company('rfinvoice 2.01');
    const answer = await send('/invoices/finvoice', fixture('rfinvoice-finvoice-2.01.xml'));
    expect(answer.status, answer.text).toBe(200);
    // the row is 0,02 at 10 % (VAT 0,002 → 0,00); the sender's totals are 0,00: a row of -0,02 keeps them
    expect(figures(answer.body)).toEqual({
      totals: { net: 0, vat: 0, gross: 0 },
      rows: [
        ['Test Mav - 2015-07-27 - Receipt', 1, 0.02, 0, 10],
        ["Difference to the sender's figures", 1, -0.02, 0, 10],
      ],
    });
    // RF80 4806FA0472034B5D722A: its check digits give 51 where ISO 11649 wants 1
    expect(answer.body.paymentInfo.bankReferenceCode).toBeUndefined();
    expect(answer.body.notes).toMatch(/the sender's reference RF804806FA0472034B5D722A is left out/);
    expect(answer.body.notes).toMatch(/VAT 10 %: the sender's base 0\.00 against 0\.02 from the rows/);
  });
});

describe('files Tase cannot read: a 400 naming what is wrong, and nothing stored', () => {
  it('finvoice-parser-2.01-fortum.xml: a due date of month 14', async () => {
    const { send, purchaseInvoices } = await company('fortum');
    const answer = await send('/invoices/finvoice', fixture('finvoice-parser-2.01-fortum.xml'));
    expect(answer.status, answer.text).toBe(400);
    expect(answer.body.errors).toEqual([
      {
        status: 400,
        message: expect.stringMatching(
          /^FINVOICE_INVALID: .*InvoiceDetails\/PaymentTermsDetails\/InvoiceDueDate: '20231401' is not a date/,
        ),
      },
    ]);
    expect(await purchaseInvoices()).toHaveLength(0);
  });

  it('rfinvoice-finvoice-1.2.xml: a Finvoice 1.2 with a DOCTYPE', async () => {
    const { send, purchaseInvoices } = await company('rfinvoice 1.2');
    const answer = await send('/invoices/finvoice', fixture('rfinvoice-finvoice-1.2.xml'));
    expect(answer.status, answer.text).toBe(400);
    expect(answer.body.errors[0].message).toMatch(/^FINVOICE_INVALID: .*line 4: a DOCTYPE is not allowed/);
    expect(await purchaseInvoices()).toHaveLength(0);
  });
});

describe('a delivery of several invoices in their SOAP frames', () => {
  const delivery = (...files: string[]) => Buffer.concat(files.map(fixture));

  it('takes the 1.3 and the 3.0 invoice of one delivery, and a redelivery answers the same two', async () => {
    const { send, purchaseInvoices } = await company('delivery');
    const bytes = delivery('maventa-finvoice-1.3-soap.xml', 'maventa-finvoice-3.0-soap.xml');
    const single = await send('/invoices/finvoice', bytes);
    expect(single.status, single.text).toBe(400);
    expect(single.body.errors[0].message).toMatch(/^FINVOICE_SEVERAL: the delivery holds 2 invoices/);
    const answer = await send('/invoices/finvoice/deliveries', bytes);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.invoices.map(figures).map((f: { totals: unknown }) => f.totals)).toEqual([
      { net: 133.5, vat: 32.04, gross: 165.54 },
      { net: 900, vat: 216, gross: 1116 },
    ]);
    const again = await send('/invoices/finvoice/deliveries', bytes);
    expect(again.body.invoices.map((i: { id: number }) => i.id)).toEqual(
      answer.body.invoices.map((i: { id: number }) => i.id),
    );
    expect(await purchaseInvoices()).toHaveLength(2);
  });

  it('takes nothing of a delivery whose second invoice cannot be read, and names it', async () => {
    const { send, purchaseInvoices } = await company('bad delivery');
    const answer = await send(
      '/invoices/finvoice/deliveries',
      delivery('maventa-finvoice-3.0-soap.xml', 'maventa-finvoice-2.01-soap.xml', 'finvoice-parser-2.01-fortum.xml'),
    );
    expect(answer.status, answer.text).toBe(400);
    expect(answer.body.errors[0].message).toMatch(
      /^invoice 3 of the delivery: FINVOICE_INVALID: .*InvoiceDueDate: '20231401' is not a date/,
    );
    expect(await purchaseInvoices()).toHaveLength(0);
  });

  it('refuses an envelope without its invoice', async () => {
    const { send, purchaseInvoices } = await company('envelope only');
    const soap = fixture('maventa-finvoice-3.0-soap.xml').toString('latin1');
    const envelope = Buffer.from(soap.slice(0, soap.indexOf('<?xml')), 'latin1');
    const answer = await send(
      '/invoices/finvoice/deliveries',
      Buffer.concat([fixture('maventa-finvoice-2.01-soap.xml'), envelope]),
    );
    expect(answer.status, answer.text).toBe(400);
    expect(answer.body.errors[0].message).toMatch(/^FINVOICE_DELIVERY: .*envelope 2 is followed by no Finvoice/);
    expect(await purchaseInvoices()).toHaveLength(0);
  });
});

describe('camt files of Finnish banks', () => {
  const importFile = (name: string) =>
    svc.api('POST', '/bankstatements/import', undefined, {
      raw: fixture(name).toString('utf8'),
      contentType: 'application/xml',
    });

  it("corporate-camt.054.001.02-danske.xml: Danske Bank's reference payments pay the invoices of RF74100978 and 6450830029863", async () => {
    // the payments of 2011-09-16 are booked in the fiscal year of 2011: a service whose clock is then
    const svc = await startService({ clock: new ManualClock('2011-09-17T10:00:00Z') });
    onTestFinished(() => svc.close());
    const importFile = (name: string) =>
      svc.api('POST', '/bankstatements/import', undefined, {
        raw: fixture(name).toString('utf8'),
        contentType: 'application/xml',
      });
    const approved = async (reference: string, unitPrice: number) => {
      const created = await svc.api('POST', '/invoices', {
        ...invoiceBody('SALES_INVOICE', unitPrice, 0, { bankReferenceCode: reference, dueDate: '2011-09-30' }),
        date: '2011-09-01',
      });
      expect(created.status, created.text).toBe(200);
      expect((await svc.api('PUT', `/invoices/${created.body.id}/approve`, {})).status).toBe(200);
      return created.body.id as number;
    };
    const status = async (id: number) => (await svc.api('GET', `/invoices/${id}`)).body.status;
    expect((await svc.api('POST', '/bankaccounts', bankAccountBody('FI9881234511224450'))).status).toBe(200);
    // entry 1 (REFP2011034, 183,00) is a batch of 147,00 to 123 and 36,00 to RF74100978; entry 2 (RFDI2011030)
    // is 10,00 to 00000006450830029863, the reference 6450830029863 padded by the bank to 20 digits. A Finnish
    // reference is 4 to 20 digits (Finance Finland's reference rules), so no invoice can carry 123: that payment
    // stays unmatched
    const second = await approved('RF74100978', 36);
    const third = await approved('6450830029863', 10);
    const answer = await importFile('corporate-camt.054.001.02-danske.xml');
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({ referencePayments: { imported: 3 } });
    expect(answer.body.matching).toEqual({ matched: 2, partial: 0, overpayments: 0, unmatched: 1 });
    for (const id of [second, third]) expect(await status(id)).toBe('PAID');
    const payments = (await svc.api('GET', '/referencepayments')).body.results;
    expect(payments.map((p: { bankReference: string; sum: number }) => [p.bankReference, p.sum])).toEqual(
      expect.arrayContaining([
        ['123', 147],
        ['RF74100978', 36],
        ['00000006450830029863', 10],
      ]),
    );
    // the same file again adds nothing
    const again = await importFile('corporate-camt.054.001.02-danske.xml');
    expect(again.status, again.text).toBe(200);
    expect(again.body).toMatchObject({ referencePayments: { imported: 0 } });
    expect((await svc.api('GET', '/referencepayments')).body.results).toHaveLength(payments.length);
  });

  it("corporate-camt.053.001.02-op.xml: OP's statement of one credit of 1 159,23 without a reference", async () => {
    expect((await svc.api('POST', '/bankaccounts', bankAccountBody('FI1557169020004185'))).status).toBe(200);
    const answer = await importFile('corporate-camt.053.001.02-op.xml');
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({ events: { imported: 1 }, referencePayments: { imported: 0 } });
    const statements = (await svc.api('GET', '/bankstatements')).body.results;
    const statement = statements.find((s: { accountNumber: string }) => s.accountNumber === 'FI1557169020004185');
    expect(statement.events).toHaveLength(1);
    expect(statement.events[0]).toMatchObject({ sum: 1159.23, archiveCode: '140103578800012359' });
  });

  it('corporate-camt.052.001.02-op.xml: an account report (camt.052) is no statement Tase reads', async () => {
    const before = (await svc.api('GET', '/bankstatements')).body.results.length;
    const answer = await importFile('corporate-camt.052.001.02-op.xml');
    expect(answer.status, answer.text).toBe(400);
    expect(answer.body.errors[0].message).toMatch(/^BANK_FILE_INVALID: .*camt\.053 or camt\.054/);
    expect((await svc.api('GET', '/bankstatements')).body.results.length).toBe(before);
  });
});
