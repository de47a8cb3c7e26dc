// The ledger's month totals (ledger_account_months) are filled from the lines already in the ledger by their
// migration, so a database upgraded with existing receipts reports the same figures as before.
import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate, openDatabase, type DatabaseHandle } from '../src/db/index.ts';
import { allMigrations, globalTables } from '../src/modules.ts';
import { runMigrations } from '../src/db/migration-runner.ts';

const dirs: string[] = [];
const handles: DatabaseHandle[] = [];
afterEach(async () => {
  for (const handle of handles.splice(0)) await handle.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const MONTH_TOTALS = '0352_ledger_account_months';

describe('the month totals migration', () => {
  it('sums the lines in the ledger per company, account and month', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tase-months-'));
    dirs.push(dir);
    const handle = openDatabase({ url: join(dir, 'tase.sqlite'), globalTables: globalTables() });
    handles.push(handle);
    const { db } = handle;
    const all = allMigrations();
    await runMigrations(
      db,
      Object.fromEntries(
        Object.keys(all)
          .filter((n) => n < MONTH_TOTALS)
          .map((n) => [n, all[n]]),
      ),
    );
    const line = (
      company_id: number,
      receipt_id: number,
      id: number,
      date: string,
      account: string,
      cents: number,
      inLedger = true,
    ) => ({
      company_id,
      receipt_id,
      id,
      fiscal_year_id: 1,
      entry_date: date,
      account_number: account,
      amount_minor: BigInt(cents),
      transaction_type: 'ENTRY',
      in_ledger: inLedger,
    });
    await db
      .insertInto('ledger_entries')
      .values([
        line(1, 1, 1, '2026-01-05', '1910', 12_550),
        line(1, 1, 2, '2026-01-05', '3000', -12_550),
        line(1, 2, 1, '2026-01-31', '1910', 100),
        line(1, 2, 2, '2026-01-31', '3000', -100),
        line(1, 3, 1, '2026-02-01', '1910', -5_000),
        line(1, 3, 2, '2026-02-01', '7000', 5_000),
        line(1, 4, 1, '2026-02-02', '1910', 999, false),
        line(1, 4, 2, '2026-02-02', '3000', -999, false),
        line(2, 1, 1, '2026-01-05', '1910', 700),
        line(2, 1, 2, '2026-01-05', '3000', -700),
      ])
      .execute();
    await migrate(db, all);
    const rows = await db
      .selectFrom('ledger_account_months')
      .select(['company_id', 'account_number', 'month', 'debit_minor', 'credit_minor'])
      .where('company_id', 'in', [1, 2])
      .orderBy('company_id')
      .orderBy('account_number')
      .orderBy('month')
      .execute();
    expect(
      rows.map((r) => [r.company_id, r.account_number, r.month, Number(r.debit_minor), Number(r.credit_minor)]),
    ).toEqual([
      [1, '1910', '2026-01', 12_650, 0],
      [1, '1910', '2026-02', 0, 5_000],
      [1, '3000', '2026-01', 0, 12_650],
      [1, '7000', '2026-02', 5_000, 0],
      [2, '1910', '2026-01', 700, 0],
      [2, '3000', '2026-01', 0, 700],
    ]);
  });
});
