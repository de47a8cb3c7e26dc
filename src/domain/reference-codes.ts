// Bank reference codes of invoices and payments, each checked by its check digits, and the generation of the
// Finnish national reference (7-3-1) and the RF creditor reference (ISO 11649). Formats: domain-facts §3.
export const REFERENCE_CODE_TYPES = [
  'RF',
  'FI',
  'OCR',
  'KID',
  'GIK01',
  'GIK04',
  'GIK15',
  'FIK71',
  'FIK73',
  'FIK75',
] as const;
export type ReferenceCodeType = (typeof REFERENCE_CODE_TYPES)[number];

/** The code without the spaces it is printed with (groups of five), upper-case. */
export function compactReference(code: string): string {
  return code.replace(/\s+/g, '').toUpperCase();
}

/** Finnish 7-3-1 check digit of a base of digits: weights 7, 3, 1 repeating from the rightmost digit. */
export function finnishCheckDigit(base: string): number {
  const weights = [7, 3, 1];
  let sum = 0;
  for (let i = 0; i < base.length; i++) sum += Number(base[base.length - 1 - i]) * weights[i % 3];
  return (10 - (sum % 10)) % 10;
}

/** Luhn (mod 10) check of a string of digits whose last digit is the check digit. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Norwegian KID modulus 11 check (weights 2..7 from the right; check 0 for remainder 0, none for 10). */
function mod11Valid(digits: string): boolean {
  const body = digits.slice(0, -1);
  let sum = 0;
  for (let i = 0; i < body.length; i++) sum += Number(body[body.length - 1 - i]) * (2 + (i % 6));
  const check = (11 - (sum % 11)) % 11;
  return check !== 10 && check === Number(digits[digits.length - 1]);
}

/** ISO 7064 mod 97 of an alphanumeric string, letters A=10 … Z=35. */
function mod97(text: string): number {
  let remainder = 0;
  for (const ch of text) {
    const value = /\d/.test(ch) ? ch : String(ch.charCodeAt(0) - 55);
    for (const digit of value) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder;
}

export function isFinnishReference(code: string): boolean {
  const c = compactReference(code);
  return /^\d{4,20}$/.test(c) && !/^0+$/.test(c) && finnishCheckDigit(c.slice(0, -1)) === Number(c.at(-1));
}

export function isRfReference(code: string): boolean {
  const c = compactReference(code);
  return /^RF\d{2}[0-9A-Z]{1,21}$/.test(c) && mod97(c.slice(4) + c.slice(0, 4)) === 1;
}

/** A Finnish national reference from a base of 3 to 19 digits: the base with its 7-3-1 check digit. */
export function finnishReference(base: string): string {
  if (!/^\d{3,19}$/.test(base)) throw new RangeError(`a reference base is 3 to 19 digits, not ${base}`);
  return `${base}${finnishCheckDigit(base)}`;
}

/** The RF creditor reference (ISO 11649) of a body of 1 to 21 letters and digits. */
export function rfReference(body: string): string {
  const b = compactReference(body);
  if (!/^[0-9A-Z]{1,21}$/.test(b)) throw new RangeError(`an RF reference body is 1 to 21 letters and digits`);
  const check = 98 - mod97(`${b}RF00`);
  return `RF${String(check).padStart(2, '0')}${b}`;
}

/**
 * A reference as a bank reconciler compares it, or undefined when its check digits fail (a mistyped reference
 * matches nothing). A Finnish national reference loses the leading zeros banks pad it with to 20 digits: the
 * Finnish reference standard (Finance Finland, "Kotimaisen viitteen rakenne") counts the 7-3-1 weights from the
 * right, so zeros on the left change neither the base nor its check digit, and 00000006450830029863 is
 * 6450830029863. An RF reference (ISO 11649) is compared without spaces, upper-case, its body without leading
 * zeros, which leave the mod 97 check unchanged as well.
 */
export function canonicalReference(code: string): string | undefined {
  const c = compactReference(code);
  if (/^\d{1,20}$/.test(c)) {
    const base = c.replace(/^0+/, '');
    return isFinnishReference(base) ? base : undefined;
  }
  if (!isRfReference(c)) return undefined;
  return `${c.slice(0, 4)}${c.slice(4).replace(/^0+(?=.)/, '')}`;
}

/**
 * The compact forms a stored reference may have and still be `canonical` (the output of canonicalReference):
 * itself and the forms padded with zeros to the longest reference, so an index on the compact form finds them.
 */
export function referenceLookupKeys(canonical: string): string[] {
  const rf = canonical.startsWith('RF');
  const [prefix, body, longest] = rf ? [canonical.slice(0, 4), canonical.slice(4), 25] : ['', canonical, 20];
  const keys: string[] = [];
  for (let length = canonical.length; length <= longest; length++)
    keys.push(prefix + body.padStart(length - prefix.length, '0'));
  return keys;
}

const digits = (min: number, max: number) => new RegExp(`^\\d{${min},${max}}$`);

/**
 * Why a code is not a valid reference of its type (undefined when it is). Codes are compared without spaces.
 * GIK01 and FIK73 carry no payment id, so they take no code.
 */
export function referenceCodeProblem(type: ReferenceCodeType, code: string): string | undefined {
  const c = compactReference(code);
  switch (type) {
    case 'FI':
      return isFinnishReference(c)
        ? undefined
        : 'a Finnish reference is 4 to 20 digits ending in its 7-3-1 check digit';
    case 'RF':
      return isRfReference(c) ? undefined : 'an RF reference is RF, 2 check digits (ISO 11649) and 1 to 21 characters';
    case 'OCR':
      return digits(2, 25).test(c) && luhnValid(c)
        ? undefined
        : 'an OCR reference is 2 to 25 digits ending in a Luhn check digit';
    case 'KID':
      return digits(2, 25).test(c) && (luhnValid(c) || mod11Valid(c))
        ? undefined
        : 'a KID is 2 to 25 digits ending in a modulus 10 or 11 check digit';
    case 'FIK71':
      return digits(15, 15).test(c) && luhnValid(c)
        ? undefined
        : 'a FIK 71 payment id is 15 digits ending in a modulus 10 check digit';
    case 'FIK75':
    case 'GIK15':
      return digits(16, 16).test(c) && luhnValid(c)
        ? undefined
        : `a ${type.slice(0, 3)} ${type.slice(3)} payment id is 16 digits ending in a modulus 10 check digit`;
    case 'GIK04':
      return digits(2, 16).test(c) && luhnValid(c)
        ? undefined
        : 'a GIK 04 payment id is up to 16 digits ending in a modulus 10 check digit';
    case 'GIK01':
    case 'FIK73':
      return c === '' ? undefined : `a ${type.slice(0, 3)} ${type.slice(3)} payment carries no payment id`;
  }
}
