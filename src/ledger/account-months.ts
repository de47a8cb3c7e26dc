// Per company, account and calendar month: the debits and credits of the lines in the ledger (their receipt is
// APPROVED). Kept by the ledger's one writer of lines, in the posting transaction, so that reports sum a few
// rows per account and month instead of every line: a report's cost stays flat as the ledger grows. Reports
// read this table; only the ledger writes it.
import { sql } from 'kysely';
import type { Db } from '../db/index.ts';
import type { MinorUnits } from '../domain/decimal.ts';
import { OPENING_RECEIPT_TYPE } from './opening.ts';

interface LedgerAccountMonthRow {
  company_id: number;
  account_number: string;
  /** YYYY-MM of the lines' date. */
  month: string;
  /** Sum of the positive lines, cents. */
  debit_minor: MinorUnits;
  /** Sum of the negative lines as a positive amount, cents. */
  credit_minor: MinorUnits;
}

declare module '../db/types.ts' {
  interface Database {
    ledger_account_months: LedgerAccountMonthRow;
  }
}

/**
 * Adds (+1) or takes away (−1) the receipt's lines that are in the ledger to the month totals. Called with −1
 * before the receipt's lines or their ledger state change, and with +1 after.
 */
export async function countInAccountMonths(db: Db, companyId: number, receiptId: number, sign: 1 | -1) {
  const signed = sql.raw(sign < 0 ? '-' : '');
  await db
    .insertInto('ledger_account_months')
    .columns(['company_id', 'account_number', 'month', 'debit_minor', 'credit_minor'])
    .expression(
      db
        .selectFrom('ledger_entries')
        .select([
          'company_id',
          'account_number',
          sql<string>`substr(entry_date, 1, 7)`.as('month'),
          sql<MinorUnits>`${signed}sum(case when amount_minor > 0 then amount_minor else 0 end)`.as('debit_minor'),
          sql<MinorUnits>`${signed}sum(case when amount_minor < 0 then -amount_minor else 0 end)`.as('credit_minor'),
        ])
        .where('company_id', '=', companyId)
        .where('receipt_id', '=', receiptId)
        .where('in_ledger', '=', true)
        // the opening balances restate the lines before them: reports carry balances across years themselves
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('ledger_receipts as r')
                .select('r.id')
                .where('r.company_id', '=', companyId)
                .where('r.id', '=', receiptId)
                .where('r.type', '=', OPENING_RECEIPT_TYPE),
            ),
          ),
        )
        .groupBy(['company_id', 'account_number', sql`substr(entry_date, 1, 7)`])
        // every writer takes the month rows' locks in one order, so two postings cannot deadlock on them
        .orderBy('account_number')
        .orderBy(sql`substr(entry_date, 1, 7)`),
    )
    .onConflict((oc) =>
      oc.columns(['company_id', 'account_number', 'month']).doUpdateSet({
        debit_minor: sql`ledger_account_months.debit_minor + excluded.debit_minor`,
        credit_minor: sql`ledger_account_months.credit_minor + excluded.credit_minor`,
      }),
    )
    .execute();
}
