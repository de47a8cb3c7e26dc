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
  '0701_employees_tax_cards': {
    async up(db: Kysely<unknown>) {
      // An employee: a person of the register with salary info (SalaryInfo kept as JSON in `data`).
      await db.schema
        .createTable('employees')
        .addColumn('company_id', 'bigint', (c) => c.notNull())
        .addColumn('id', 'bigint', (c) => c.notNull())
        .addColumn('person_id', 'bigint', (c) => c.notNull())
        .addColumn('non_resident', 'boolean', (c) => c.notNull())
        .addColumn('salary_channel', 'text', (c) => c.notNull())
        .addColumn('data', 'text', (c) => c.notNull())
        .addColumn('version', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('employees_pk', ['company_id', 'id'])
        .execute();
      await db.schema
        .createIndex('employees_by_person')
        .on('employees')
        .columns(['company_id', 'person_id'])
        .unique()
        .execute();
      await db.schema
        .createTable('tax_cards')
        .addColumn('company_id', 'bigint', (c) => c.notNull())
        .addColumn('id', 'bigint', (c) => c.notNull())
        .addColumn('employee_id', 'bigint', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('revised', 'boolean', (c) => c.notNull())
        .addColumn('income_type', 'text')
        .addColumn('valid_from', 'text', (c) => c.notNull())
        // exact decimal texts
        .addColumn('base_percent', 'text', (c) => c.notNull())
        .addColumn('additional_percent', 'text', (c) => c.notNull())
        .addColumn('annual_income_limit', 'text', (c) => c.notNull())
        .addColumn('limit_used', 'text', (c) => c.notNull())
        .addColumn('comments', 'text')
        .addColumn('created', 'text', (c) => c.notNull())
        .addColumn('version', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('tax_cards_pk', ['company_id', 'id'])
        .execute();
      await db.schema
        .createIndex('tax_cards_by_employee')
        .on('tax_cards')
        .columns(['company_id', 'employee_id', 'valid_from'])
        .execute();
    },
  },
  '0702_employments': {
    async up(db: Kysely<unknown>) {
      // Employment relationships of an employee (Employment kept as JSON in `data`).
      await db.schema
        .createTable('employments')
        .addColumn('company_id', 'bigint', (c) => c.notNull())
        .addColumn('id', 'bigint', (c) => c.notNull())
        .addColumn('employee_id', 'bigint', (c) => c.notNull())
        .addColumn('start_date', 'text')
        .addColumn('data', 'text', (c) => c.notNull())
        .addColumn('version', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('employments_pk', ['company_id', 'id'])
        .execute();
      await db.schema
        .createIndex('employments_by_employee')
        .on('employments')
        .columns(['company_id', 'employee_id'])
        .execute();
    },
  },
  '0710_salary_bases_lists_slips': {
    async up(db: Kysely<unknown>) {
      // An employee's salary base: the rows every new slip starts from (rows kept as JSON).
      await db.schema
        .createTable('salary_bases')
        .addColumn('company_id', 'bigint', (c) => c.notNull())
        .addColumn('id', 'bigint', (c) => c.notNull())
        .addColumn('employee_id', 'bigint', (c) => c.notNull())
        .addColumn('notes', 'text')
        .addColumn('rows', 'text', (c) => c.notNull())
        .addColumn('version', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('salary_bases_pk', ['company_id', 'id'])
        .execute();
      await db.schema
        .createIndex('salary_bases_by_employee')
        .on('salary_bases')
        .columns(['company_id', 'employee_id'])
        .unique()
        .execute();
      await db.schema
        .createTable('salary_lists')
        .addColumn('company_id', 'bigint', (c) => c.notNull())
        .addColumn('id', 'bigint', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('holiday_year', 'integer')
        .addColumn('payment_period_start', 'text', (c) => c.notNull())
        .addColumn('payment_period_end', 'text', (c) => c.notNull())
        .addColumn('earnings_period_start', 'text')
        .addColumn('earnings_period_end', 'text')
        .addColumn('accounting_date', 'text', (c) => c.notNull())
        .addColumn('due_date', 'text', (c) => c.notNull())
        .addColumn('payday', 'text', (c) => c.notNull())
        .addColumn('created', 'text', (c) => c.notNull())
        .addColumn('created_by', 'text', (c) => c.notNull())
        .addColumn('version', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('salary_lists_pk', ['company_id', 'id'])
        .execute();
      // A salary slip: its body as JSON (`data`), the per-employee figures of its list (`employee_data`) and its
      // calculation (`figures`, exact decimal texts); the columns searched and the receipts it posted apart.
      await db.schema
        .createTable('salary_slips')
        .addColumn('company_id', 'bigint', (c) => c.notNull())
        .addColumn('id', 'bigint', (c) => c.notNull())
        .addColumn('list_id', 'bigint', (c) => c.notNull())
        .addColumn('employee_id', 'bigint', (c) => c.notNull())
        .addColumn('employee_name', 'text', (c) => c.notNull())
        .addColumn('slip_number', 'bigint', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('payday', 'text', (c) => c.notNull())
        .addColumn('data', 'text', (c) => c.notNull())
        .addColumn('employee_data', 'text', (c) => c.notNull())
        .addColumn('figures', 'text', (c) => c.notNull())
        // the tax card whose limitUsed an approval raised, and by how much (exact decimal text)
        .addColumn('tax_card_id', 'bigint')
        .addColumn('limit_counted', 'text')
        .addColumn('salary_receipt_id', 'bigint')
        .addColumn('contribution_receipt_id', 'bigint')
        .addColumn('version', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('salary_slips_pk', ['company_id', 'id'])
        .execute();
      await db.schema
        .createIndex('salary_slips_by_list')
        .on('salary_slips')
        .columns(['company_id', 'list_id'])
        .execute();
      await db.schema
        .createIndex('salary_slips_by_employee')
        .on('salary_slips')
        .columns(['company_id', 'employee_id', 'payday'])
        .execute();
    },
  },
};
