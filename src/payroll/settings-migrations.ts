import { sql, type Kysely, type Migration } from 'kysely';

// Payroll: how a tax card's income limit is followed, the company's group life insurance rate by year, and the
// salary type that pays working hour reduction in companies set up before it was in the catalogue.
export const payrollSettingsMigrations: Record<string, Migration> = {
  '0720_tax_card_income_limit_method': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('tax_cards')
        .addColumn('income_limit_method', 'text', (c) => c.notNull().defaultTo('PER_PERIOD'))
        .execute();
    },
  },
  '0721_group_life_insurance_rates': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('group_life_insurance_rates')
        .addColumn('company_id', 'bigint', (c) => c.notNull())
        .addColumn('id', 'bigint', (c) => c.notNull())
        .addColumn('year', 'integer', (c) => c.notNull())
        // exact decimal text
        .addColumn('percent', 'text', (c) => c.notNull())
        .addColumn('version', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('group_life_insurance_rates_pk', ['company_id', 'id'])
        .execute();
      await db.schema
        .createIndex('group_life_insurance_rates_by_year')
        .on('group_life_insurance_rates')
        .columns(['company_id', 'year'])
        .unique()
        .execute();
    },
  },
  '0722_working_hour_reduction_salary_type': {
    async up(db: Kysely<unknown>) {
      // as src/payroll/catalogue.ts has it (1459): companies set up later get it from there
      await sql`
        insert into salary_types (company_id, code, category, unit, unit_value, payment_percent,
          payment_percent_editable, income_type_code, income_type, affects_withholding, affects_pension,
          affects_unemployment, affects_health, affects_accident_group_life, withheld_at_base_percent, calculated,
          account, contra_account, name_fi, name_sv, name_en)
        select distinct t.company_id, 1459, 'SALARY_FOR_TIME_WORKED', 'HOUR', null, '100',
          ${sql.lit(false)}, 201, 'Time-rate pay', ${sql.lit(true)}, ${sql.lit(true)},
          ${sql.lit(true)}, ${sql.lit(true)}, ${sql.lit(true)}, ${sql.lit(false)}, ${sql.lit(false)},
          '5020', null, 'Työajanlyhennyskorvaus', 'Ersättning för arbetstidsförkortning',
          'Working hour reduction compensation'
        from salary_types t
        where not exists (select 1 from salary_types s where s.company_id = t.company_id and s.code = 1459)
      `.execute(db);
    },
  },
  '0775_incomes_register_reporting': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('payroll_contact_persons')
        .addColumn('company_id', 'bigint', (c) => c.notNull().primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('telephone', 'text', (c) => c.notNull())
        .addColumn('email', 'text')
        .addColumn('version', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('incomes_register_reports')
        .addColumn('company_id', 'bigint', (c) => c.notNull())
        .addColumn('slip_id', 'bigint', (c) => c.notNull())
        .addColumn('report_id', 'text', (c) => c.notNull())
        .addColumn('delivered', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('incomes_register_reports_pk', ['company_id', 'slip_id'])
        .execute();
    },
  },
  '0776_incomes_register_cancellations': {
    async up(db: Kysely<unknown>) {
      // the payday a report was delivered for (a report of another payday cancels it), when it was cancelled, and
      // how many of the slip's reports were cancelled before (each new report of the slip gets an id of its own)
      await db.schema.alterTable('incomes_register_reports').addColumn('payment_date', 'text').execute();
      await db.schema.alterTable('incomes_register_reports').addColumn('cancelled', 'text').execute();
      await db.schema
        .alterTable('incomes_register_reports')
        .addColumn('cancellations', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createIndex('incomes_register_reports_by_payment_date')
        .on('incomes_register_reports')
        .columns(['company_id', 'payment_date'])
        .execute();
    },
  },
};
