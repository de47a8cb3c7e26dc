import type { Kysely, Migration } from 'kysely';

// Payroll: the company's holiday terms of its collective agreement (holiday bonus, additional leave), by the day
// they take effect.
export const holidayTermsMigrations: Record<string, Migration> = {
  '0760_payroll_holiday_terms': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('payroll_holiday_terms')
        .addColumn('company_id', 'bigint', (c) => c.notNull())
        .addColumn('id', 'bigint', (c) => c.notNull())
        .addColumn('valid_from', 'text', (c) => c.notNull())
        .addColumn('holiday_bonus_percent', 'text', (c) => c.notNull())
        .addColumn('holiday_bonus_payment', 'text', (c) => c.notNull())
        .addColumn('holiday_bonus_month', 'integer')
        .addColumn('additional_leave_days', 'integer', (c) => c.notNull())
        .addColumn('version', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('payroll_holiday_terms_pk', ['company_id', 'id'])
        .execute();
      await db.schema
        .createIndex('payroll_holiday_terms_by_date')
        .on('payroll_holiday_terms')
        .columns(['company_id', 'valid_from'])
        .unique()
        .execute();
    },
  },
  // whether the agreement pays the holiday bonus on holiday compensation at the end of the employment too
  '0770_payroll_holiday_bonus_on_compensation': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('payroll_holiday_terms')
        .addColumn('holiday_bonus_on_compensation', 'boolean', (c) => c.notNull().defaultTo(false))
        .execute();
    },
  },
};
