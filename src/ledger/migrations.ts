import { sql, type Kysely, type Migration } from 'kysely';
import { FINNISH_CHART } from '../accounts/chart.ts';
import { calendarYearOf, monthlyPeriods } from '../fiscal/periods.ts';
import { FINNISH_VAT_STATUSES, ratesOn, standardRateOn, vatCountry } from '../domain/vat.ts';

export const ledgerMigrations: Record<string, Migration> = {
  '0303_ledger': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('ledger_receipts')
        .addColumn('company_id', 'bigint', (c) => c.notNull())
        .addColumn('id', 'bigint', (c) => c.notNull())
        .addColumn('fiscal_year_id', 'bigint', (c) => c.notNull())
        // per company and fiscal year, gapless (allocated in the creating transaction)
        .addColumn('receipt_number', 'integer', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('receipt_date', 'text', (c) => c.notNull())
        .addColumn('vat_type', 'text', (c) => c.notNull())
        .addColumn('vat_status', 'integer', (c) => c.notNull())
        .addColumn('vat_processing', 'text')
        .addColumn('invoice_id', 'bigint')
        .addColumn('invoice_number', 'integer')
        .addColumn('invoice_notes', 'text')
        .addColumn('accountants_notes', 'text')
        .addColumn('transaction_description', 'text')
        .addColumn('receipt_validity', 'text')
        .addColumn('period_start_date', 'text')
        .addColumn('period_end_date', 'text')
        .addColumn('partner_id', 'bigint')
        .addColumn('partner_code', 'text')
        .addColumn('depreciation', 'text')
        .addColumn('vat_date', 'text')
        .addColumn('version', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('ledger_receipts_pk', ['company_id', 'id'])
        .execute();
      await db.schema
        .createIndex('ledger_receipts_number')
        .on('ledger_receipts')
        .columns(['company_id', 'fiscal_year_id', 'receipt_number'])
        .unique()
        .execute();
      await db.schema.createIndex('ledger_receipts_by_date').on('ledger_receipts').columns(['company_id', 'receipt_date']).execute();
      await db.schema.createIndex('ledger_receipts_by_created').on('ledger_receipts').columns(['company_id', 'created_at']).execute();
      await db.schema.createIndex('ledger_receipts_by_version').on('ledger_receipts').columns(['company_id', 'version']).execute();
      await db.schema.createIndex('ledger_receipts_by_status').on('ledger_receipts').columns(['company_id', 'status', 'receipt_date']).execute();

      // One line of a receipt. amount_minor: cents, debit positive, credit negative. Only lines with
      // in_ledger (their receipt is APPROVED) count in balances, reports and exports.
      await db.schema
        .createTable('ledger_entries')
        .addColumn('company_id', 'bigint', (c) => c.notNull())
        .addColumn('receipt_id', 'bigint', (c) => c.notNull())
        .addColumn('id', 'bigint', (c) => c.notNull())
        .addColumn('fiscal_year_id', 'bigint', (c) => c.notNull())
        .addColumn('entry_date', 'text', (c) => c.notNull())
        .addColumn('account_number', 'text', (c) => c.notNull())
        .addColumn('amount_minor', 'bigint', (c) => c.notNull())
        .addColumn('description', 'text')
        .addColumn('vat_percent', 'text')
        .addColumn('vat_status', 'integer')
        .addColumn('vat_type', 'text')
        .addColumn('vat_deduction_percent', 'text')
        .addColumn('partner_id', 'bigint')
        .addColumn('transaction_type', 'text', (c) => c.notNull())
        .addColumn('balance_code', 'text')
        .addColumn('allocations', 'text')
        .addColumn('start_date', 'text')
        .addColumn('end_date', 'text')
        .addColumn('in_ledger', 'boolean', (c) => c.notNull())
        .addPrimaryKeyConstraint('ledger_entries_pk', ['company_id', 'receipt_id', 'id'])
        .execute();
      await db.schema
        .createIndex('ledger_entries_balances')
        .on('ledger_entries')
        .columns(['company_id', 'in_ledger', 'account_number', 'entry_date'])
        .execute();
      await db.schema.createIndex('ledger_entries_by_date').on('ledger_entries').columns(['company_id', 'entry_date']).execute();
      await db.schema.createIndex('ledger_entries_by_id').on('ledger_entries').columns(['company_id', 'id']).execute();

      await db.schema
        .createTable('ledger_entry_dimensions')
        .addColumn('company_id', 'bigint', (c) => c.notNull())
        .addColumn('receipt_id', 'bigint', (c) => c.notNull())
        .addColumn('entry_id', 'bigint', (c) => c.notNull())
        .addColumn('dimension_id', 'bigint', (c) => c.notNull())
        .addColumn('item_id', 'bigint', (c) => c.notNull())
        .addColumn('amount_minor', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('ledger_entry_dimensions_pk', ['company_id', 'receipt_id', 'entry_id', 'dimension_id', 'item_id'])
        .execute();
    },
  },
  // Companies created before the ledger existed get what a new company gets: the standard chart, the current
  // calendar year as fiscal year with its monthly periods, and the VAT defaults. Pure data only (no services),
  // so this runs the same on both engines.
  '0304_ledger_existing_companies': {
    async up(db: Kysely<unknown>) {
      const now = new Date();
      const today = now.toISOString().slice(0, 10);
      const version = now.toISOString().slice(0, 23);
      const companies = await sql<{ company_id: number | string; country: string }>`
        select company_id, country from companies where company_id not in (select company_id from accounts)`.execute(db);
      const nextIds = async (companyId: number, name: string, count: number): Promise<number> => {
        const row = await sql<{ last_id: number | string }>`
          insert into id_sequences (company_id, name, last_id) values (${companyId}, ${name}, ${count})
          on conflict (company_id, name) do update set last_id = id_sequences.last_id + ${count}
          returning last_id`.execute(db);
        return Number(row.rows[0].last_id) - count + 1;
      };
      for (const company of companies.rows) {
        const companyId = Number(company.company_id);
        const country = vatCountry(company.country ?? 'FINLAND');
        const general = country ? standardRateOn(country, today).toFixed() : null;
        const zero = country && ratesOn(country, today).some((r) => Number(r.percent) === 0) ? '0' : null;
        for (const a of FINNISH_CHART) {
          const percent = a.vat === 'GENERAL' ? general : a.vat === 'ZERO' ? zero : null;
          await sql`insert into accounts (company_id, number, name, type, active, vat_percent, vat_status, version)
            values (${companyId}, ${a.number}, ${a.name}, ${a.type}, ${true}, ${percent}, ${percent !== null ? (a.vatStatus ?? null) : null}, ${version})`.execute(db);
        }
        const year = calendarYearOf(today);
        const yearId = await nextIds(companyId, 'fiscal_years', 1);
        await sql`insert into fiscal_years (company_id, id, start_date, end_date, closed, version)
          values (${companyId}, ${yearId}, ${year.startDate}, ${year.endDate}, ${false}, ${version})`.execute(db);
        const months = monthlyPeriods(year.startDate, year.endDate);
        const firstPeriod = await nextIds(companyId, 'fiscal_periods', months.length);
        for (const [i, p] of months.entries()) {
          await sql`insert into fiscal_periods (company_id, id, fiscal_year_id, start_date, end_date, closed, closed_at, version)
            values (${companyId}, ${firstPeriod + i}, ${yearId}, ${p.startDate}, ${p.endDate}, ${false}, ${null}, ${version})`.execute(db);
        }
        await sql`insert into vat_settings (company_id, unit_prices_include_vat_sales, unit_prices_include_vat_purchase, version)
          values (${companyId}, ${false}, ${false}, ${version})`.execute(db);
        for (const st of FINNISH_VAT_STATUSES) {
          await sql`insert into company_vat_statuses (company_id, vat_status, description, sales, purchase, active)
            values (${companyId}, ${st.vatStatus}, ${st.description}, ${st.sales}, ${st.purchase}, ${true})`.execute(db);
        }
      }
    },
  },
  '0305_ledger_serial_numbers': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('ledger_receipts').addColumn('serial_series', 'text').execute();
      await db.schema.alterTable('ledger_receipts').addColumn('serial_number', 'integer').execute();
    },
  },
};
