// The invoice as an image and a PDF: A4 at the chosen resolution, not blank, the bank barcode readable back to
// its 54 digits, the PDF parsable with its text and embedded fonts; and the barcode digits themselves against
// the published vectors.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import {
  BankBarcodeError,
  bankBarcode,
  isFinnishReference,
  isRfReference,
} from '../src/domain/invoice-output/bank-barcode.ts';
import { invoicePageCount, renderInvoiceImage, renderInvoicePdf } from '../src/domain/invoice-output/render.ts';
import { sampleInvoice } from './support/invoice-document.ts';

const require = createRequire(import.meta.url);
prepareZXingModule({
  overrides: { wasmBinary: readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm')).buffer },
});

async function barcodesIn(image: Buffer): Promise<string[]> {
  const results = await readBarcodes(new Uint8Array(image), { formats: ['Code128'], tryHarder: true });
  return results.filter((r) => r.isValid).map((r) => r.text);
}

describe('the bank barcode', () => {
  it('matches the published vectors of versions 4 and 5', () => {
    const iban = 'FI37 1590 3000 0007 76';
    expect(bankBarcode({ iban, amount: '12.25', reference: '11112', dueDate: '2016-12-21' })).toBe(
      '437159030000007760000122500000000000000000011112161221',
    );
    expect(bankBarcode({ iban, amount: '1.10', reference: 'RF98 11112', dueDate: '2017-01-01' })).toBe(
      '537159030000007760000011098000000000000000011112170101',
    );
    expect(
      bankBarcode({
        iban: 'FI79 4405 2020 0360 82',
        amount: '4883.15',
        reference: '868516259619897',
        dueDate: '2010-06-12',
      }),
    ).toBe('479440520200360820048831500000000868516259619897100612');
  });

  it('writes zeros for an amount over 999 999,99 € and for no due date; refuses bad input', () => {
    const code = bankBarcode({ iban: 'FI3715903000000776', amount: '1000000.00', reference: '11112' });
    expect(code.slice(17, 25)).toBe('00000000');
    expect(code.slice(-6)).toBe('000000');
    expect(code).toHaveLength(54);
    expect(() => bankBarcode({ iban: 'SE4550000000058398257466', amount: '1', reference: '11112' })).toThrow(
      BankBarcodeError,
    );
    expect(() => bankBarcode({ iban: 'FI3715903000000776', amount: '1', reference: '11113' })).toThrow(/Finnish/);
    expect(() => bankBarcode({ iban: 'FI3715903000000776', amount: '1.005', reference: '11112' })).toThrow(/cents/);
    expect(isFinnishReference('1232')).toBe(true);
    expect(isRfReference('RF18 5390 0754 7034')).toBe(true);
    expect(isRfReference('RF19 5390 0754 7034')).toBe(false);
  });
});

describe('renderInvoiceImage', () => {
  it('draws a legible A4 page whose barcode reads back as the 54 digits (PNG)', { timeout: 60_000 }, async () => {
    const png = await renderInvoiceImage(sampleInvoice(), 'png', { dpi: 200 });
    const meta = await sharp(png).metadata();
    expect(meta.format).toBe('png');
    // A4 at 200 dpi
    expect([meta.width, meta.height]).toEqual([1654, 2339]);
    const stats = await sharp(png).stats();
    // mostly white paper, with ink on it
    expect(stats.channels[0].mean).toBeGreaterThan(200);
    expect(stats.channels[0].min).toBeLessThan(50);
    expect(await barcodesIn(png)).toEqual(['437159030000007760004024400000000000000000011112260319']);
  });

  it('renders JPEG at 150 dpi with an RF reference (version 5)', { timeout: 60_000 }, async () => {
    const doc = sampleInvoice({
      paymentInfo: { ...sampleInvoice().paymentInfo, bankReferenceCode: 'RF9811112', bankReferenceCodeType: 'RF' },
      language: 'ENGLISH',
    });
    const jpeg = await renderInvoiceImage(doc, 'jpeg');
    const meta = await sharp(jpeg).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1240, 1754]);
    expect(await barcodesIn(jpeg)).toEqual(['537159030000007760004024498000000000000000011112260319']);
  });

  it('flows many rows over pages, the barcode on the last', { timeout: 60_000 }, async () => {
    const base = sampleInvoice();
    const rows = Array.from({ length: 70 }, (_, i) => ({ ...base.invoiceRows[1], product: `Suodatin ${i + 1}` }));
    const doc = sampleInvoice({ invoiceRows: rows });
    const pages = invoicePageCount(doc);
    expect(pages).toBeGreaterThan(1);
    expect(await barcodesIn(await renderInvoiceImage(doc, 'png', { page: 1 }))).toEqual([]);
    expect(await barcodesIn(await renderInvoiceImage(doc, 'png', { page: pages }))).toHaveLength(1);
    await expect(renderInvoiceImage(doc, 'png', { page: pages + 1 })).rejects.toThrow(/page/);
  });

  it('draws no barcode for a foreign currency or a credit note', async () => {
    const doc = sampleInvoice({ paymentInfo: { ...sampleInvoice().paymentInfo, currency: 'SEK' } });
    expect(await barcodesIn(await renderInvoiceImage(doc, 'png'))).toEqual([]);
  });
});

describe('renderInvoicePdf', () => {
  it('writes a parsable PDF/A with the invoice text and embedded fonts', { timeout: 60_000 }, async () => {
    const pdf = await renderInvoicePdf(sampleInvoice());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.toString('latin1')).toContain('pdfaid:part');
    const document = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: false }).promise;
    expect(document.numPages).toBe(1);
    const page = await document.getPage(1);
    const [, , width, height] = page.view;
    expect([Math.round(width), Math.round(height)]).toEqual([595, 842]);
    const text = (await page.getTextContent()).items.map((item) => ('str' in item ? item.str : '')).join(' ');
    for (const expected of ['LASKU', 'Äänekosken Kone Oy', '402,44 EUR', '11112', '19.3.2026', 'Huoltotyö'])
      expect(text).toContain(expected);
    const fonts = pdf.toString('latin1').match(/\/FontFile2/g) ?? [];
    expect(fonts.length).toBeGreaterThanOrEqual(2);
  });
});
