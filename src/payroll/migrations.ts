import type { Kysely, Migration } from 'kysely';

// Payroll: the company's salary type catalogue.
export const payrollMigrations: Record<string, Migration> = {
  '0700_salary_types': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('salary_types')
        .addColumn('company_id', 'bigint', (c) => c.notNull())
        .addColumn('code', 'bigint', (c) => c.notNull())
        .addColumn('category', 'text', (c) => c.notNull())
        .addColumn('unit', 'text')
        // exact decimal texts
        .addColumn('unit_value', 'text')
        .addColumn('payment_percent', 'text', (c) => c.notNull())
        .addColumn('payment_percent_editable', 'boolean', (c) => c.notNull())
        // Incomes Register income type
        .addColumn('income_type_code', 'integer')
        .addColumn('income_type', 'text')
        .addColumn('affects_withholding', 'boolean', (c) => c.notNull())
        .addColumn('affects_pension', 'boolean', (c) => c.notNull())
        .addColumn('affects_unemployment', 'boolean', (c) => c.notNull())
        .addColumn('affects_health', 'boolean', (c) => c.notNull())
        .addColumn('affects_accident_group_life', 'boolean', (c) => c.notNull())
        .addColumn('withheld_at_base_percent', 'boolean', (c) => c.notNull())
        .addColumn('calculated', 'boolean', (c) => c.notNull())
        // default accounts: debited with an earning (credited with a deduction), and a fringe benefit's contra account
        .addColumn('account', 'text', (c) => c.notNull())
        .addColumn('contra_account', 'text')
        .addColumn('name_fi', 'text', (c) => c.notNull())
        .addColumn('name_sv', 'text', (c) => c.notNull())
        .addColumn('name_en', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('salary_types_pk', ['company_id', 'code'])
        .execute();
    },
  },
};
