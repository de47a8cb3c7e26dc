// The rules every new receipt is checked against, written once: what a draft breaks on its own (`draftProblems`)
// and against the facts read for it (`refusedOrPeriods`): the period of its date, its accounts, dimension items and
// partners. How the facts are read is the receipt book's concern (book-sqlite.ts from exact caches, book-postgres.ts
// in one statement that holds the periods until the posting commits, or from a cache whose facts its writing
// statement verifies, posting-facts-cache.ts); whatever reads them, these checks decide.
import { ApiError, errorItem, type ErrorItem } from '../platform/errors.ts';
import { checkLines, type PostingLine } from '../domain/postings.ts';
import { vatLineProblems } from '../domain/vat-return.ts';
import { openPeriodFrom, type OpenPeriod, type PeriodOfDate } from '../fiscal/index.ts';
import type { ReceiptDraft } from './mapping.ts';

export interface DimensionItemFact {
  dimensionId: number;
  active: boolean;
}

export interface PostingFacts {
  /** By date: the period holding it, with its year; undefined when no fiscal year holds it. */
  periods: Map<string, PeriodOfDate | undefined>;
  /** The named accounts that exist: number → active. */
  accounts: Map<string, boolean>;
  /** The named dimension items that exist. */
  items: Map<number, DimensionItemFact>;
  /** The named partners that exist. */
  partners: Set<number>;
}

export interface FactsWanted {
  dates: readonly string[];
  accounts: readonly string[];
  items: readonly number[];
  partners: readonly number[];
}

/** Where a line of a draft is reported in an error: `transactions[i].field`, as the API names it. */
const lineField = (i: number | undefined, field: string | undefined): string | undefined =>
  i === undefined ? field : `transactions[${i}]${field ? `.${field}` : ''}`;

/** The problems of a draft found without data, and what must be read to check the rest. */
export interface DraftCheck {
  items: ErrorItem[];
  wanted: FactsWanted;
  /** Each partner the draft names, with the field it is first named in. */
  partnerFields: Map<number, string>;
}

/** The problems of a draft that need no data, and what its checks must read. */
export function draftProblems(draft: ReceiptDraft): DraftCheck {
  const items: ErrorItem[] = [];
  for (const p of checkLines(draft.lines)) items.push(errorItem(p.code, lineField(p.line, p.field), p.params));
  if (draft.name.length === 0 || draft.name.length > 80)
    items.push(errorItem('VALIDATION_FAILED', 'name', { detail: 'name: 1 to 80 characters' }));
  if (draft.periodStartDate && draft.periodEndDate && draft.periodStartDate > draft.periodEndDate)
    items.push(errorItem('START_DATE_AFTER_END_DATE', 'periodStartDate'));
  for (const p of vatLineProblems(draft.lines, draft)) items.push(errorItem(p.code, 'transactions', p.params));

  // every partner the draft names, each reported once, where it first appears
  const partnerFields = new Map<number, string>();
  if (draft.partnerId != null) partnerFields.set(draft.partnerId, 'partnerId');
  draft.lines.forEach((line, i) => {
    if (line.partnerId != null && !partnerFields.has(line.partnerId))
      partnerFields.set(line.partnerId, lineField(i, 'partnerId')!);
  });
  const wanted: FactsWanted = {
    dates: [draft.receiptDate],
    accounts: [...new Set(draft.lines.map((l) => l.account))],
    items: [...new Set(draft.lines.flatMap((l) => (l.dimensions ?? []).map((d) => d.itemId)))],
    partners: [...partnerFields.keys()],
  };
  return { items, wanted, partnerFields };
}

/** What the checks of many drafts read together. */
export function allWanted(checks: readonly DraftCheck[]): FactsWanted {
  const distinct = <T>(values: T[]): T[] => [...new Set(values)];
  return {
    dates: distinct(checks.flatMap((c) => c.wanted.dates)),
    accounts: distinct(checks.flatMap((c) => c.wanted.accounts)),
    items: distinct(checks.flatMap((c) => c.wanted.items)),
    partners: distinct(checks.flatMap((c) => c.wanted.partners)),
  };
}

/**
 * The open period of each draft, or the problems of the first draft that breaks a rule (an ApiError): those found
 * without data (`checks`, one per draft) and those against the facts read.
 */
export function refusedOrPeriods(
  drafts: readonly ReceiptDraft[],
  checks: readonly DraftCheck[],
  facts: PostingFacts,
): OpenPeriod[] {
  const verdict = judged(drafts, checks, facts);
  if (verdict instanceof ApiError) throw verdict;
  return verdict;
}

/**
 * The open period of each draft when every draft passes on the facts given, else undefined: the same rules as
 * `refusedOrPeriods`, asked of facts that may be out of date (a cache's), whose refusal is never final.
 */
export function periodsIfPassing(
  drafts: readonly ReceiptDraft[],
  checks: readonly DraftCheck[],
  facts: PostingFacts,
): OpenPeriod[] | undefined {
  const verdict = judged(drafts, checks, facts);
  return verdict instanceof ApiError ? undefined : verdict;
}

function judged(
  drafts: readonly ReceiptDraft[],
  checks: readonly DraftCheck[],
  facts: PostingFacts,
): OpenPeriod[] | ApiError {
  const periods: OpenPeriod[] = [];
  for (const [i, draft] of drafts.entries()) {
    const items = [...checks[i].items];
    const period = factProblems(draft, facts, checks[i].partnerFields, items);
    if (items.length > 0 || !period) return new ApiError(items);
    periods.push(period);
  }
  return periods;
}

/** Adds the problems of a draft against the facts read to `items`; answers the open period, if the date has one. */
function factProblems(
  draft: ReceiptDraft,
  facts: PostingFacts,
  partnerFields: ReadonlyMap<number, string>,
  items: ErrorItem[],
): OpenPeriod | undefined {
  let period: OpenPeriod | undefined;
  try {
    period = openPeriodFrom(facts.periods.get(draft.receiptDate), draft.receiptDate);
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    items.push(...err.items);
  }
  draft.lines.forEach((line, i) => {
    if (!facts.accounts.get(line.account))
      items.push(errorItem('ERROR_LEDGERACCOUNT_NOT_EXIST_OR_INACTIVE', lineField(i, 'account')));
  });
  items.push(...dimensionItemProblems(facts.items, draft.lines, (i, j) => lineField(i, `dimensionItemValues[${j}]`)!));
  for (const [partnerId, field] of partnerFields) {
    if (!facts.partners.has(partnerId)) items.push(errorItem('LEDGER_PARTNER_NOT_FOUND', field, { partnerId }));
  }
  return period;
}

/** Dimension allocations of lines against the items found: each exists, is active and is of its dimension. */
export function dimensionItemProblems(
  found: ReadonlyMap<number, DimensionItemFact>,
  lines: readonly PostingLine[],
  field: (line: number, value: number) => string,
): ErrorItem[] {
  const items: ErrorItem[] = [];
  lines.forEach((line, i) =>
    (line.dimensions ?? []).forEach((d, j) => {
      const item = found.get(d.itemId);
      if (!item || !item.active || item.dimensionId !== d.dimensionId)
        items.push(errorItem('DIMENSION_ITEM_IS_PASSIVE_OR_DOES_NOT_EXIST_IN_DIMENSION', field(i, j)));
    }),
  );
  return items;
}
