// The Finnish bank barcode (pankkiviivakoodi, Finance Finland's "Pankkiviivakoodi-opas"): 54 digits a payer's
// bank reads off a paper invoice, printed as Code 128 (set C, digit pairs).
//   version 4 (Finnish reference): 4 + 16 IBAN digits + 6 euros + 2 cents + 000 + 20-digit reference + YYMMDD
//   version 5 (RF reference):      5 + 16 IBAN digits + 6 euros + 2 cents + 2 RF check digits + 21-digit body + YYMMDD
// An amount of zero, or one over 999 999,99 €, is written as zeros ("not given"), as is a missing due date.
import { createRequire } from 'node:module';
import type BwipJs from 'bwip-js';
import { Decimal } from '../decimal.ts';

export interface BankBarcodeInput {
  /** A Finnish IBAN (`FI` + 16 digits, spaces allowed). */
  iban: string;
  /** Euros, exact; the barcode is for euro invoices only. */
  amount: Decimal | string;
  /** A Finnish reference (4–20 digits, 7-3-1 check digit) or an RF reference with a numeric body. */
  reference: string;
  /** `YYYY-MM-DD`; none: not given. */
  dueDate?: string;
}

export class BankBarcodeError extends Error {
  override name = 'BankBarcodeError';
}

/** The 7-3-1 check digit of the base of a Finnish reference number. */
export function finnishReferenceCheckDigit(base: string): number {
  const weights = [7, 3, 1];
  let sum = 0;
  for (let i = 0; i < base.length; i++) sum += Number(base[base.length - 1 - i]) * weights[i % 3];
  return (10 - (sum % 10)) % 10;
}

export function isFinnishReference(reference: string): boolean {
  const digits = reference.replace(/\s/g, '');
  if (!/^\d{4,20}$/.test(digits)) return false;
  return finnishReferenceCheckDigit(digits.slice(0, -1)) === Number(digits.at(-1));
}

/** ISO 11649: moving `RFcc` to the end and the letters to numbers (A = 10 …), the whole is 1 modulo 97. */
export function isRfReference(reference: string): boolean {
  const compact = reference.replace(/\s/g, '').toUpperCase();
  if (!/^RF\d{2}[0-9A-Z]{1,21}$/.test(compact)) return false;
  const moved = compact.slice(4) + compact.slice(0, 4);
  let remainder = 0;
  for (const ch of moved) {
    const value = ch >= 'A' ? String(ch.charCodeAt(0) - 55) : ch;
    for (const digit of value) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

function amountDigits(amount: Decimal | string): string {
  const value = new Decimal(amount);
  if (value.isNegative()) throw new BankBarcodeError('the amount of a bank barcode cannot be negative');
  if (value.decimalPlaces() > 2) throw new BankBarcodeError('the amount of a bank barcode is in whole cents');
  if (value.greaterThan('999999.99')) return '00000000';
  return value.times(100).toFixed(0).padStart(8, '0');
}

function dueDateDigits(dueDate: string | undefined): string {
  if (!dueDate) return '000000';
  const match = /^\d{2}(\d{2})-(\d{2})-(\d{2})$/.exec(dueDate);
  if (!match) throw new BankBarcodeError(`due date ${dueDate} is not YYYY-MM-DD`);
  return match[1] + match[2] + match[3];
}

/** The 54 digits of the barcode: version 4 with a Finnish reference, version 5 with an RF reference. */
export function bankBarcode(input: BankBarcodeInput): string {
  const iban = input.iban.replace(/\s/g, '').toUpperCase();
  if (!/^FI\d{16}$/.test(iban)) throw new BankBarcodeError('a bank barcode needs a Finnish IBAN');
  const account = iban.slice(2);
  const amount = amountDigits(input.amount);
  const due = dueDateDigits(input.dueDate);
  const reference = input.reference.replace(/\s/g, '').toUpperCase();
  if (reference.startsWith('RF')) {
    if (!isRfReference(reference) || !/^RF\d+$/.test(reference))
      throw new BankBarcodeError(`${input.reference} is not an RF reference with a numeric body`);
    return `5${account}${amount}${reference.slice(2, 4)}${reference.slice(4).padStart(21, '0')}${due}`;
  }
  if (!isFinnishReference(reference)) throw new BankBarcodeError(`${input.reference} is not a Finnish reference`);
  return `4${account}${amount}000${reference.padStart(20, '0')}${due}`;
}

/**
 * The bars of the Code 128 symbol of `digits`, in modules from the left edge (quiet zones not included):
 * `[start, width]` of each dark bar, and the symbol's width.
 */
export function code128Bars(digits: string): { bars: [number, number][]; width: number } {
  // loaded with the first barcode, not at start
  const bwipjs = createRequire(import.meta.url)('bwip-js') as typeof BwipJs;
  const [symbol] = bwipjs.raw('code128', digits, '');
  const widths = (symbol as { sbs: number[] }).sbs;
  const bars: [number, number][] = [];
  let at = 0;
  widths.forEach((width, index) => {
    if (index % 2 === 0) bars.push([at, width]);
    at += width;
  });
  return { bars, width: at };
}
