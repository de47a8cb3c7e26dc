// The columns of every table as the row types declare them: the compiler checks this object against `Database`
// (every table and column, none extra, the same nullability), and test/row-types.test.ts checks it against the
// schema the migrations build on each engine. A row type that drifts from the migrations fails one or the other.
import type { Database } from '../../src/db/types.ts';

/** Per column of a row type: whether it may hold null. */
type Nullability<Row> = { [K in keyof Row]-?: null extends Row[K] ? 'null' : 'notnull' };

export const ROW_COLUMNS: { [T in keyof Database]: Nullability<Database[T]> } = {
  accounts: { company_id: 'notnull', number: 'notnull', name: 'notnull', type: 'notnull', active: 'notnull', vat_percent: 'null', vat_status: 'null', translations: 'null', version: 'notnull' },
  api_keys: { company_id: 'notnull', id: 'notnull', user_id: 'notnull', client_id: 'notnull', secret_digest: 'notnull', created_at: 'notnull', revoked_at: 'null' },
  auth_codes: { company_id: 'notnull', id: 'notnull', user_id: 'notnull', client_id: 'notnull', redirect_uri: 'notnull', code_digest: 'notnull', code_challenge: 'null', auth_time: 'notnull', created_at: 'notnull', expires_at: 'notnull', used_at: 'null', session_id: 'null' },
  auth_sessions: { company_id: 'notnull', id: 'notnull', user_id: 'notnull', client_id: 'notnull', grant_type: 'notnull', auth_time: 'notnull', created_at: 'notnull', refresh_digest: 'null', refresh_expires_at: 'null', revoked_at: 'null', revoked_reason: 'null', api_key_id: 'null' },
  authenticator_sessions: { id: 'notnull', secret_digest: 'notnull', csrf_token: 'notnull', user_id: 'notnull', created_at: 'notnull', expires_at: 'notnull' },
  bank_accounts: { company_id: 'notnull', id: 'notnull', iban: 'notnull', currency: 'notnull', status: 'notnull', default_for_invoice: 'notnull', default_for_payment: 'notnull', connection: 'notnull', data: 'notnull', created: 'notnull', version: 'notnull' },
  business_partner_groups: { company_id: 'notnull', partner_id: 'notnull', group_id: 'notnull' },
  business_partners: { company_id: 'notnull', id: 'notnull', type: 'notnull', name: 'notnull', active: 'notnull', customer_number: 'null', identifier: 'null', identifier_type: 'null', factoring_contract_id: 'null', data: 'notnull', person: 'null', default_accounts: 'null', main_group: 'null', version: 'notnull' },
  companies: { company_id: 'notnull', name: 'notnull', business_id: 'null', country: 'notnull', currency: 'notnull', contract_type: 'notnull', created_at: 'notnull', version: 'notnull' },
  company_settings: { company_id: 'notnull', details: 'notnull', usage_settings: 'null', circulation_settings: 'null', version: 'notnull' },
  company_users: { company_id: 'notnull', user_id: 'notnull', role: 'notnull', rights: 'notnull', partner_id: 'null', active: 'notnull', added_at: 'notnull' },
  company_vat_statuses: { company_id: 'notnull', vat_status: 'notnull', description: 'notnull', sales: 'notnull', purchase: 'notnull', active: 'notnull' },
  default_dimensions: { company_id: 'notnull', owner_type: 'notnull', owner_id: 'notnull', dimension_id: 'notnull', item_id: 'notnull', position: 'notnull', percent: 'notnull' },
  dimension_items: { company_id: 'notnull', id: 'notnull', dimension_id: 'notnull', code_name: 'notnull', status: 'notnull', description: 'null', version: 'notnull' },
  dimensions: { company_id: 'notnull', id: 'notnull', name: 'notnull', version: 'notnull' },
  factoring_contracts: { company_id: 'notnull', id: 'notnull', environment: 'notnull', contract_number: 'notnull', status: 'notnull', data: 'notnull', financing_company_id: 'null', version: 'notnull' },
  fiscal_periods: { company_id: 'notnull', id: 'notnull', fiscal_year_id: 'notnull', start_date: 'notnull', end_date: 'notnull', closed: 'notnull', closed_at: 'null', version: 'notnull' },
  fiscal_years: { company_id: 'notnull', id: 'notnull', start_date: 'notnull', end_date: 'notnull', closed: 'notnull', version: 'notnull' },
  id_sequences: { company_id: 'notnull', name: 'notnull', last_id: 'notnull' },
  ledger_entries: { company_id: 'notnull', receipt_id: 'notnull', id: 'notnull', fiscal_year_id: 'notnull', entry_date: 'notnull', account_number: 'notnull', amount_minor: 'notnull', description: 'null', vat_percent: 'null', vat_status: 'null', vat_type: 'null', vat_deduction_percent: 'null', partner_id: 'null', transaction_type: 'notnull', balance_code: 'null', allocations: 'null', start_date: 'null', end_date: 'null', in_ledger: 'notnull' },
  ledger_entry_dimensions: { company_id: 'notnull', receipt_id: 'notnull', entry_id: 'notnull', dimension_id: 'notnull', item_id: 'notnull', amount_minor: 'notnull' },
  ledger_receipts: { company_id: 'notnull', id: 'notnull', fiscal_year_id: 'notnull', receipt_number: 'notnull', type: 'notnull', status: 'notnull', name: 'notnull', receipt_date: 'notnull', vat_type: 'notnull', vat_status: 'notnull', vat_processing: 'null', invoice_id: 'null', invoice_number: 'null', invoice_notes: 'null', accountants_notes: 'null', transaction_description: 'null', receipt_validity: 'null', period_start_date: 'null', period_end_date: 'null', partner_id: 'null', partner_code: 'null', depreciation: 'null', vat_date: 'null', serial_series: 'null', serial_number: 'null', version: 'notnull', created_at: 'notnull' },
  login_flows: { id: 'notnull', secret_digest: 'notnull', csrf_digest: 'notnull', client_id: 'notnull', redirect_uri: 'notnull', state: 'null', code_challenge: 'null', user_id: 'null', auth_time: 'null', created_at: 'notnull', expires_at: 'notnull' },
  mfa_transactions: { transaction_id: 'notnull', company_id: 'notnull', user_id: 'notnull', client_id: 'notnull', session_id: 'notnull', type: 'notnull', origin: 'notnull', result_field: 'notnull', summary: 'notnull', details: 'notnull', payload: 'notnull', api_version: 'notnull', status: 'notnull', failed: 'notnull', result: 'null', created_at: 'notnull', expires_at: 'notnull', decided_at: 'null', confirm_read_at: 'null', keep_until: 'notnull' },
  oauth_clients: { client_id: 'notnull', secret_digest: 'notnull', redirect_uri: 'notnull', name: 'notnull', owner_company_id: 'null', created_at: 'notnull' },
  partner_default_products: { company_id: 'notnull', id: 'notnull', partner_id: 'notnull', product_id: 'notnull', position: 'notnull', settings: 'null', validity_periods: 'null' },
  partner_groups: { company_id: 'notnull', id: 'notnull', name: 'notnull', type: 'notnull', active: 'notnull', version: 'notnull' },
  product_groups: { company_id: 'notnull', id: 'notnull', name: 'notnull', type: 'notnull', version: 'notnull' },
  products: { company_id: 'notnull', id: 'notnull', type: 'notnull', name: 'notnull', code: 'null', unit: 'null', price: 'notnull', discount: 'notnull', vat: 'null', vat_status: 'null', currency: 'notnull', active: 'notnull', default_account: 'null', product_group_id: 'null', start_date: 'null', end_date: 'null', bookkeeping_account: 'null', localizations: 'null', version: 'notnull' },
  rate_limit_windows: { client_id: 'notnull', window_start: 'notnull', count: 'notnull' },
  service_settings: { name: 'notnull', value: 'notnull' },
  users: { user_id: 'notnull', username: 'notnull', password_hash: 'null', first_name: 'notnull', last_name: 'notnull', email: 'notnull', mobile_phone: 'null', api_login_only: 'notnull', details: 'notnull', password_changed_at: 'null', failed_logins: 'notnull', locked_until: 'null', created_at: 'notnull', version: 'notnull' },
  vat_settings: { company_id: 'notnull', unit_prices_include_vat_sales: 'notnull', unit_prices_include_vat_purchase: 'notnull', version: 'notnull' },
  webhook_deliveries: { company_id: 'notnull', id: 'notnull', delivery_id: 'notnull', webhook_uuid: 'notnull', event_type: 'notnull', body: 'notnull', status: 'notnull', attempts: 'notnull', created_at: 'notnull', next_attempt_at: 'notnull', deadline_at: 'notnull', lease_owner: 'null', lease_until: 'null', last_attempt_at: 'null', last_status: 'null', last_error: 'null', delivered_at: 'null', attempt_log: 'notnull' },
  webhook_subscriptions: { company_id: 'notnull', event_type: 'notnull', webhook_uuid: 'notnull' },
  webhooks: { company_id: 'notnull', uuid: 'notnull', url: 'notnull', authentication_type: 'notnull', shared_secret: 'null', hash_function: 'null', created_at: 'notnull', version: 'notnull' },
};
