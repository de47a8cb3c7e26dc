// Finvoice 3.0: a sales invoice written as a message valid against the published schema, read back as the same
// purchase invoice (round trip), and a message breaking the schema refused with the list of its failures.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import {
  buildFinvoice,
  FinvoiceInvalidError,
  parseFinvoice,
  validateFinvoice,
} from '../src/domain/invoice-output/finvoice.ts';
import { Decimal } from '../src/domain/decimal.ts';
import type { Amount } from '../src/domain/invoice-output/document.ts';
import { sampleInvoice } from './support/invoice-document.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const PUBLISHED_SCHEMA = resolve(root, '..', 'shared', 'reference', 'schemas', 'Finvoice3.0.xsd');
const timestamp = new Date('2026-03-05T08:00:00Z');
const negated = (value: Amount) => new Decimal(value).negated().toFixed();

async function failuresAgainstPublished(xml: string): Promise<string[]> {
  const result = await validateXML({
    xml: [{ fileName: 'invoice.xml', contents: xml }],
    schema: [{ fileName: 'Finvoice3.0.xsd', contents: readFileSync(PUBLISHED_SCHEMA, 'utf8') }],
  });
  return result.errors.map((e) => e.message);
}

describe('buildFinvoice', () => {
  it('writes a message valid against the Finvoice 3.0 schema', async () => {
    const xml = await buildFinvoice(sampleInvoice(), { timestamp, messageIdentifier: 'MSG-10023' });
    expect(await failuresAgainstPublished(xml)).toEqual([]);
    for (const expected of [
      '<Finvoice Version="3.0">',
      '<SellerPartyIdentifier>1234567-1</SellerPartyIdentifier>',
      '<BuyerOrganisationName>Äänekosken Kone Oy</BuyerOrganisationName>',
      '<InvoiceTotalVatIncludedAmount AmountCurrencyIdentifier="EUR">402,44</InvoiceTotalVatIncludedAmount>',
      '<VatRatePercent>25,5</VatRatePercent>',
      '<EpiRemittanceInfoIdentifier IdentificationSchemeName="SPY">11112</EpiRemittanceInfoIdentifier>',
      '<EpiAccountID IdentificationSchemeName="IBAN">FI3715903000000776</EpiAccountID>',
      '<VirtualBankBarcode>437159030000007760004024400000000000000000011112260319</VirtualBankBarcode>',
      '<MessageTimeStamp>2026-03-05T08:00:00Z</MessageTimeStamp>',
    ])
      expect(xml).toContain(expected);
  });

  it('writes an RF reference under the ISO scheme, a credit note as INV02, without optional parties', async () => {
    const base = sampleInvoice();
    const credit = sampleInvoice({
      paymentInfo: { ...base.paymentInfo, bankReferenceCode: 'RF98 11112', bankReferenceCodeType: 'RF' },
      originalInvoiceNumber: '10001',
      counterParty: { counterPartyAddress: { name: 'Ostaja Oy' } },
      seller: { ...base.seller, einvoiceAddress: undefined, vatNumber: undefined },
      invoiceRows: base.invoiceRows.map((row) => ({
        ...row,
        quantity: negated(row.quantity),
        net: negated(row.net),
        vat: negated(row.vat),
        gross: negated(row.gross),
      })),
      vatBreakdown: base.vatBreakdown.map((v) => ({ ...v, net: negated(v.net), vat: negated(v.vat) })),
      invoiceSumInfo: { excludingVatTotal: '-322.50', vatSumTotal: '-79.94', invoiceSumTotal: '-402.44' },
    });
    const xml = await buildFinvoice(credit, { timestamp });
    expect(await failuresAgainstPublished(xml)).toEqual([]);
    expect(xml).toContain('<InvoiceTypeCode>INV02</InvoiceTypeCode>');
    expect(xml).toContain('IdentificationSchemeName="ISO">RF9811112<');
    expect(xml).not.toContain('MessageTransmissionDetails');
    expect(xml).not.toContain('VirtualBankBarcode');
    const draft = await parseFinvoice(xml);
    expect(draft).toMatchObject({ isCreditNote: true, originalInvoiceNumber: '10001' });
    expect(draft.invoiceRows[0]).toMatchObject({ quantity: '-3.5', net: '-280.00', gross: '-351.40' });
  });

  it('refuses an invoice that cannot make a valid message, listing why', async () => {
    const doc = sampleInvoice({ counterParty: { counterPartyAddress: { name: 'X' } } });
    const error = await buildFinvoice(doc).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FinvoiceInvalidError);
    expect((error as FinvoiceInvalidError).failures[0].message).toMatch(/BuyerOrganisationName/);
  });
});

describe('parseFinvoice', () => {
  it('reads a built message back as the same invoice (round trip)', async () => {
    const doc = sampleInvoice();
    const draft = await parseFinvoice(await buildFinvoice(doc, { timestamp }));
    expect(draft).toEqual({
      type: 'PURCHASE_INVOICE',
      version: '3.0',
      sellerInvoiceNumber: '10023',
      // the identifier the message was written with: what makes a redelivery the same message
      messageIdentifier: `1234567-1-10023-${timestamp.getTime()}`,
      isCreditNote: false,
      date: '2026-03-05',
      deliveryStartDate: '2026-02-01',
      deliveryEndDate: '2026-02-28',
      orderReference: 'PO-771',
      penaltyPercent: '11.5',
      counterParty: {
        counterPartyAddress: {
          name: 'Tase Demo Oy',
          street: 'Mannerheimintie 1',
          zip: '00100',
          city: 'Helsinki',
          country: 'FI',
        },
        identifier: '1234567-1',
        taxCode: 'FI12345671',
        einvoiceAddress: { address: '003712345671', operator: 'NDEAFIHH' },
      },
      paymentInfo: {
        currency: 'EUR',
        dueDate: '2026-03-19',
        bankAccount: { accountNumber: 'FI3715903000000776', bic: 'NDEAFIHH' },
        bankReferenceCode: '11112',
        bankReferenceCodeType: 'FI',
        virtualBankBarcode: '437159030000007760004024400000000000000000011112260319',
      },
      invoiceRows: doc.invoiceRows.map((row, i) => ({
        position: i + 1,
        product: row.product,
        ...(row.productCode ? { productCode: row.productCode } : {}),
        quantity: String(row.quantity),
        unit: row.unit,
        unitPrice: String(Number(row.unitPrice)),
        discountPercent: String(row.discountPercent),
        vatPercent: String(row.vatPercent),
        vatPercentFrom: 'row',
        ...(row.comment ? { comment: row.comment } : {}),
        charges: [],
        subRows: 0,
        net: row.net,
        vat: row.vat,
        gross: row.gross,
      })),
      subRowOnlyRows: [],
      vatBreakdown: doc.vatBreakdown,
      invoiceSumInfo: doc.invoiceSumInfo,
    });
  });

  it('lists the failures of a message that breaks the schema, and of text that is no XML', async () => {
    const xml = await buildFinvoice(sampleInvoice(), { timestamp });
    const broken = xml
      .replace('<InvoiceDate Format="CCYYMMDD">20260305</InvoiceDate>', '')
      .replace('<EpiCharge ChargeOption="SHA">', '<EpiCharge ChargeOption="ALL">');
    const error = await parseFinvoice(broken).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FinvoiceInvalidError);
    const failures = (error as FinvoiceInvalidError).failures;
    expect(failures.length).toBeGreaterThanOrEqual(2);
    expect(failures.every((f) => typeof f.line === 'number')).toBe(true);
    expect(failures.map((f) => f.message).join('\n')).toMatch(/ChargeOption/);
    expect((await validateFinvoice('not xml <')).length).toBeGreaterThan(0);
    expect(await validateFinvoice(xml)).toEqual([]);
  });
});
