// Automatic matching of reference payments (camt.054) to open sales invoices by reference and amount, over real
// HTTP: a full payment pays its invoice, a smaller one pays it partly, a larger one and a payment without an open
// invoice stay unallocated and listable.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ManualClock } from '../src/platform/clock.ts';
import { startService, type TestService } from './support/service.ts';
import { bankAccountBody, invoiceBody } from './support/bank-bodies.ts';

let svc: TestService;

const invoice = (reference: string, unitPrice: number) =>
  invoiceBody('SALES_INVOICE', unitPrice, 0, { bankReferenceCode: reference });

async function approved(body: unknown): Promise<number> {
  const created = await svc.api('POST', '/invoices', body);
  expect(created.status, created.text).toBe(200);
  expect((await svc.api('PUT', `/invoices/${created.body.id}/approve`, {})).status).toBe(200);
  return created.body.id;
}

beforeAll(async () => {
  svc = await startService({ clock: new ManualClock('2026-03-15T10:00:00Z') });
  const answer = await svc.api('POST', '/bankaccounts', bankAccountBody('FI2112345600000785'));
  expect(answer.status, answer.text).toBe(200);
});
afterAll(() => svc.close());

describe('automatic matching of reference payments', () => {
  it('pays, partly pays or leaves unallocated, and lists what is left', async () => {
    const full = await approved(invoice('1234561', 100)); // paid 100.00
    const partly = await approved(invoice('RF18539007547034', 200)); // paid 150.25
    const over = await approved(invoice('12345672', 40)); // paid 50.25: more than open
    const imported = await svc.api('POST', '/bankstatements/import', undefined, {
      raw: readFileSync(join(import.meta.dirname, 'fixtures', 'bank', 'camt054-fi.001.02.xml'), 'utf8'),
      contentType: 'application/xml',
    });
    expect(imported.status, imported.text).toBe(200);
    expect(imported.body.matching).toEqual({ matched: 1, partial: 1, overpayments: 1, unmatched: 2 });
    expect((await svc.api('GET', `/invoices/${full}`)).body.status).toBe('PAID');
    expect((await svc.api('GET', `/invoices/${partly}`)).body.status).toBe('PARTLY_PAID');
    expect((await svc.api('GET', `/invoices/${over}`)).body.status).toBe('NOT_SENT');
    const events = (await svc.api('GET', `/invoices/${partly}/paymentevents`)).body.results;
    expect(events).toMatchObject([{ type: 'BANKSTATEMENT', amount: 150.25 }]);

    const all = (await svc.api('GET', '/referencepayments')).body.results;
    const byReference = (ref: string) => all.filter((p: { bankReference: string }) => p.bankReference === ref);
    expect(byReference('1234561')[0]).toMatchObject({ allocated: true, invoiceId: full, matchStatus: 'MATCHED' });
    expect(byReference('12345672')[0]).toMatchObject({
      allocated: false,
      matchStatus: 'OVERPAYMENT',
      matchedInvoiceId: over,
    });
    const left = (await svc.api('GET', '/referencepayments?matchStatus=UNMATCHED')).body.results;
    expect(left.map((p: { bankReference: string; allocated: boolean }) => [p.bankReference, p.allocated])).toEqual(
      expect.arrayContaining([['11112', false]]),
    );
    expect(left).toHaveLength(2);
    // nothing is left to look at: a second run changes nothing
    const again = await svc.api('POST', '/referencepayments/match');
    expect(again.body).toEqual({ matched: 0, partial: 0, overpayments: 0, unmatched: 0 });
    expect((await svc.api('GET', '/referencepayments?matchStatus=WRONG')).status).toBe(400);
  });
});
