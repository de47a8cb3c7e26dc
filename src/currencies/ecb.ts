// The European Central Bank's euro foreign exchange reference rates, as published in XML: the daily file
// (eurofxref-daily.xml, one day) and the historical one (eurofxref-hist.xml, every day since 1999) share one
// format — a gesmes:Envelope holding `<Cube time="YYYY-MM-DD">` days of `<Cube currency="USD" rate="1.0823"/>`
// rates, each the price of one euro in that currency. Rates are kept as their exact decimal text.
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { CURRENCIES } from '../domain/codes.ts';
import { Decimal } from '../domain/decimal.ts';
import { checkXmlLimits, XmlLimitError } from '../domain/xml-limits.ts';

/** The rates of one day: units of each currency per one euro. */
export interface EuroRatesDay {
  day: string;
  rates: { currency: string; rate: string }[];
}

export class RatesFileError extends Error {
  override name = 'RatesFileError';
}

const KNOWN = new Set<string>(CURRENCIES);
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const RATE = /^\d{1,12}(\.\d{1,12})?$/;

interface CubeNode {
  time?: string;
  currency?: string;
  rate?: string;
  Cube?: CubeNode[];
}

/**
 * The files nest 4 deep; the historical one holds some 32 elements a day since 1999 (about 250,000), so room is left
 * for decades more.
 */
const ECB_LIMITS = { maxDepth: 8, maxElements: 4_000_000, maxTextLength: 4096 };

function isDay(text: string): boolean {
  return DAY.test(text) && new Date(`${text}T00:00:00Z`).toISOString().slice(0, 10) === text;
}

/** Parses an ECB reference-rate file (daily or historical); days in ascending order. Throws RatesFileError. */
export function parseEcbRates(xml: string): EuroRatesDay[] {
  // a hostile shape is refused by a linear scan before the validator or the parser spends time on it
  try {
    checkXmlLimits(xml, ECB_LIMITS);
  } catch (err) {
    if (err instanceof XmlLimitError) throw new RatesFileError(`not an ECB reference-rate file: ${err.message}`);
    throw err;
  }
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw new RatesFileError(`not well-formed XML: ${valid.err.msg} (line ${valid.err.line})`);
  const parser = new XMLParser({
    maxNestedTags: ECB_LIMITS.maxDepth,
    ignoreAttributes: false,
    attributeNamePrefix: '',
    parseAttributeValue: false,
    parseTagValue: false,
    removeNSPrefix: true,
    isArray: (name) => name === 'Cube',
  });
  const document = parser.parse(xml) as { Envelope?: { Cube?: CubeNode[] } };
  const outer = document.Envelope?.Cube;
  if (!outer) throw new RatesFileError('not an ECB reference-rate file: no gesmes:Envelope with a Cube');
  const days: EuroRatesDay[] = [];
  for (const dayCube of outer.flatMap((c) => c.Cube ?? [])) {
    const day = dayCube.time ?? '';
    if (!isDay(day)) throw new RatesFileError(`a day of rates has no valid time attribute: '${day}'`);
    const rates = (dayCube.Cube ?? []).map(({ currency = '', rate = '' }) => {
      if (!KNOWN.has(currency) || currency === 'EUR')
        throw new RatesFileError(`${day}: unknown currency '${currency}'`);
      if (!RATE.test(rate) || new Decimal(rate).isZero())
        throw new RatesFileError(`${day}: rate of ${currency} is not a positive decimal: '${rate}'`);
      return { currency, rate: new Decimal(rate).toFixed() };
    });
    days.push({ day, rates });
  }
  if (days.length === 0) throw new RatesFileError('the file holds no day of rates');
  return days.sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
}
