// Business identifiers.

/** Finnish business ID (Y-tunnus) `NNNNNNN-C`: weights 7,9,10,5,8,4,2; remainder 0 → 0, 1 → invalid, else 11 − r. */
export function isFinnishBusinessId(code: string): boolean {
  const match = /^(\d{6,7})-(\d)$/.exec(code);
  if (!match) return false;
  const digits = match[1].padStart(7, '0');
  const sum = [7, 9, 10, 5, 8, 4, 2].reduce((s, w, i) => s + w * Number(digits[i]), 0);
  const r = sum % 11;
  if (r === 1) return false;
  return (r === 0 ? 0 : 11 - r) === Number(match[2]);
}
