// The Finnish personal identity code (henkilötunnus) DDMMYYCZZZQ: birth date, century sign, individual number
// and control character (Digital and Population Data Services Agency, dvv.fi; the extra century signs of
// 1.1.2023 included).

/** The century of each sign: `+` 1800s; `-` and `U`–`Y` 1900s; `A`–`F` 2000s. */
const CENTURY: Readonly<Record<string, number>> = {
  '+': 1800,
  '-': 1900,
  U: 1900,
  V: 1900,
  W: 1900,
  X: 1900,
  Y: 1900,
  A: 2000,
  B: 2000,
  C: 2000,
  D: 2000,
  E: 2000,
  F: 2000,
};

/** The control character: DDMMYYZZZ as a number modulo 31 indexes this alphabet. */
const CONTROL_CHARACTERS = '0123456789ABCDEFHJKLMNPRSTUVWXY';

export interface IdentityCodeFacts {
  /** `YYYY-MM-DD`. */
  birthDate: string;
  /** Individual numbers 900–999 are temporary identity codes. */
  temporary: boolean;
}

/** The facts of a valid identity code, or null when the code is not one (format, date or control character). */
export function parseIdentityCode(code: string): IdentityCodeFacts | null {
  const match = /^(\d{2})(\d{2})(\d{2})([-+A-FU-Y])(\d{3})([0-9A-Y])$/.exec(code);
  if (!match) return null;
  const [, dd, mm, yy, sign, individual, control] = match;
  const year = CENTURY[sign] + Number(yy);
  const month = Number(mm);
  const day = Number(dd);
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  if (Number(individual) < 2) return null;
  if (CONTROL_CHARACTERS[Number(`${dd}${mm}${yy}${individual}`) % 31] !== control) return null;
  return { birthDate: `${year}-${mm}-${dd}`, temporary: Number(individual) >= 900 };
}

/** The personal identity code of a person of the register: its identifier when that is one (type HETU, or none). */
export function identityCodeOf(identifier: string | null, identifierType: string | null): string | undefined {
  if (!identifier) return undefined;
  const type = identifierType?.toUpperCase() ?? '';
  if (type === 'HETU' || type === 'SSN' || (type === '' && parseIdentityCode(identifier))) return identifier;
  return undefined;
}
