// The one catalogue of errors Tase answers. Handlers throw by code; one error handler renders
// {errors:[{status,message,field}]}. Business-rule codes are sent as the message itself (as the real
// service does, e.g. CLOSED_FISCAL_PERIOD), transport errors carry a sentence.

export interface ErrorItem {
  status: number;
  message: string;
  field?: string;
}

interface CatalogueEntry {
  status: number;
  /** Message text; `{name}` placeholders are filled from params. Defaults to the code itself. */
  message?: string;
}

export const ERRORS = {
  // transport and conventions
  VALIDATION_FAILED: { status: 400, message: '{detail}' },
  REQUIRED_FIELD_MISSING: { status: 400, message: "Value of the '{field}' cannot be blank." },
  UNKNOWN_FIELD: { status: 400, message: "Unknown field '{field}'." },
  INVALID_CHARACTERS: {
    status: 400,
    message: "Value of the '{field}' contains characters outside the Windows-1252 character set.",
  },
  MALFORMED_JSON: { status: 400, message: 'The request body is not valid JSON: {detail}' },
  EMPTY_BODY: { status: 400, message: 'The request body is empty; a JSON body is required.' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: "Content type '{contentType}' is not supported; use {expected}." },
  BODY_TOO_LARGE: { status: 413, message: 'The request body exceeds {limit} bytes.' },
  CONTENT_LENGTH_MISMATCH: { status: 400, message: 'The request body size does not match its Content-Length.' },
  URI_TOO_LONG: { status: 414, message: 'The request URL is too long: {detail}.' },
  BAD_URL_ENCODING: { status: 400, message: 'The request URL is not validly percent-encoded UTF-8.' },
  HEADERS_TOO_LARGE: { status: 431, message: 'The request line and headers together exceed {limit} bytes.' },
  MALFORMED_REQUEST: { status: 400, message: 'The HTTP request cannot be parsed ({reason}).' },
  REQUEST_TIMEOUT: { status: 408, message: 'The request was not received in time.' },
  REQUEST_REFUSED: { status: 400, message: 'The request was refused: {reason}.' },
  ROUTE_NOT_FOUND: { status: 404, message: 'No endpoint {method} {path}.' },
  METHOD_NOT_ALLOWED: { status: 405, message: 'Method {method} is not allowed on {path}; allowed: {allowed}.' },
  TOO_MANY_BATCH_IDS: { status: 400, message: 'At most {max} ids may be requested at once; got {count}.' },
  PAGE_SIZE_TOO_LARGE: { status: 400, message: 'Page size must be between 1 and {max}.' },
  NOT_FOUND: { status: 404, message: '{resource} not found.' },
  READ_ONLY_FIELD_CHANGED: {
    status: 400,
    message: "Field '{field}' is read-only; it must be left out or equal the stored value.",
  },
  STALE_VERSION: {
    status: 400,
    message: 'The resource has been changed by someone else since the version sent; fetch it and try again.',
  },
  VERSION_REQUIRED: {
    status: 400,
    message: 'VERSION_REQUIRED: this change needs the current `version` of the resource (optimistic lock).',
  },
  API_VERSION_UNSUPPORTED: {
    status: 410,
    message: 'API version {version} reached the end of its support on {date}; use {alternatives}.',
  },
  INTERNAL_ERROR: { status: 500, message: 'Internal server error; the request may be retried with a growing delay.' },
  DATABASE_UNAVAILABLE: {
    status: 503,
    message:
      'The database cannot be reached at the moment (for example while a standby takes over); retry the request shortly.',
  },
  CONCURRENT_WRITE: {
    status: 409,
    message:
      'Another request wrote the same data at the same moment, and this one was undone as a whole; retry the request.',
  },
  SHUTTING_DOWN: { status: 503, message: 'The service is shutting down; retry the request shortly.' },
  RATE_LIMITED: {
    status: 429,
    message: 'Too many requests: at most {limit} requests per {window} seconds per client.',
  },

  // authentication and access
  UNAUTHORIZED: { status: 401, message: 'Missing, expired or invalid access token.' },
  FORBIDDEN: { status: 403, message: 'Insufficient user rights: {right} is needed.' },
  TWO_FACTOR_NEEDS_PERSON: {
    status: 403,
    message:
      'This action needs two-factor confirmation, which a machine-to-machine token cannot give; use the authorization code flow.',
  },

  // two-factor transactions and the authenticator (src/mfa, src/authenticator)
  MFA_NOT_YOUR_TRANSACTION: { status: 403, message: 'The transaction belongs to another user.' },
  MFA_TRANSACTION_REJECTED: { status: 406, message: 'The user rejected the transaction.' },
  MFA_TRANSACTION_EXPIRED: { status: 408, message: 'The transaction expired: it was not confirmed within 5 minutes.' },
  MFA_TRANSACTION_ALREADY_PROCESSED: { status: 409, message: 'The transaction has already been processed.' },
  MFA_USER_NOT_IN_COMPANY: { status: 403, message: 'The user no longer belongs to the company of the transaction.' },
  MFA_ACTION_UNAVAILABLE: { status: 400, message: "Action '{type}' is not available in this version of the service." },
  AUTHENTICATOR_LOGIN_FAILED: { status: 401, message: 'Wrong username or password.' },
  AUTHENTICATOR_SLOWED: { status: 429, message: 'Too many wrong passwords: try again after {until} (UTC).' },
  AUTHENTICATOR_API_LOGIN_ONLY: {
    status: 403,
    message: 'This user may log in to the API only and cannot confirm actions.',
  },
  AUTHENTICATOR_SESSION_REQUIRED: { status: 401, message: 'Log in to the authenticator first.' },
  AUTHENTICATOR_CSRF: { status: 403, message: 'Missing or wrong CSRF token.' },
  AUTHENTICATOR_SECOND_FACTOR_REQUIRED: {
    status: 401,
    message: 'Confirm with your authenticator app or a recovery code first.',
  },
  AUTHENTICATOR_CODE_WRONG: { status: 401, message: 'Wrong or already used code.' },
  AUTHENTICATOR_CODE_SLOWED: { status: 429, message: 'Too many wrong codes: try again after {until} (UTC).' },
  AUTHENTICATOR_ENROLMENT_CLOSED: {
    status: 403,
    message: 'A second factor is already enrolled: confirm with it before enrolling another.',
  },
  AUTHENTICATOR_NO_ENROLMENT: { status: 409, message: 'Start the enrolment of an authenticator app first.' },
  AUTHENTICATOR_PASSKEY_REFUSED: { status: 401, message: 'The passkey was not accepted: try again.' },
  AUTHENTICATOR_NO_PASSKEY: { status: 409, message: 'No passkey is enrolled for this user.' },
  AUTHENTICATOR_LAST_FACTOR: {
    status: 409,
    message: 'This passkey is your only second factor: enrol another before removing it.',
  },

  // webhooks (src/webhooks)
  WEBHOOK_EVENT_ALREADY_SUBSCRIBED: {
    status: 400,
    message: 'Event {event} already has a webhook ({uuid}); only one webhook per event type is allowed.',
  },
  WEBHOOK_EVENT_LISTED_TWICE: { status: 400, message: 'Event {event} is listed more than once.' },
  WEBHOOK_URL_INVALID: {
    status: 400,
    message: 'The webhook url must be an absolute http or https URL without credentials or fragment.',
  },
  WEBHOOK_URL_NOT_ALLOWED: {
    status: 400,
    message:
      'The webhook url points to a loopback, private or link-local address ({host}), which this service does not call.',
  },
  WEBHOOK_SECRET_REQUIRED: {
    status: 400,
    message:
      'authenticationMeta.sharedSecret and authenticationMeta.hashFunction SHA512 are required with authenticationType HMAC.',
  },
  WEBHOOK_SECRET_TOO_SHORT: { status: 400, message: 'The shared secret must be at least {min} characters long.' },
  WEBHOOK_DELIVERY_NOT_FAILED: {
    status: 409,
    message: 'Only a FAILED delivery can be sent again; this one is {status}.',
  },

  // integrations (src/integrations) and the sandbox (src/sandbox)
  INTEGRATION_REQUEST_EXPIRED: {
    status: 410,
    message: 'The integration request has expired: it was valid 15 minutes after the customer accepted.',
  },
  INTEGRATION_REQUEST_DECIDED: { status: 400, message: 'The integration request has been decided already.' },
  INTEGRATION_COMPANIES_MISMATCH: {
    status: 400,
    message: 'approve and reject must name each company of companiesToIntegrate exactly once ({detail}).',
  },
  INTEGRATION_OTHER_ENVIRONMENT: {
    status: 403,
    message: 'The integration was specified in the {environment} environment; this service runs in another.',
  },
  INTEGRATION_UNDER_REVIEW: {
    status: 409,
    message: 'The specification is under review and cannot change until the reviewer has decided.',
  },
  INTEGRATION_NOT_DRAFT: { status: 409, message: 'Only a draft can be sent for review; this version is {status}.' },
  INTEGRATION_CALLBACK_INVALID: {
    status: 400,
    message: 'callbackUrl must be an absolute https URL (http only on localhost) without credentials or fragment.',
  },
  INTEGRATION_RIGHT_LISTED_TWICE: { status: 400, message: 'Right {right} is requested more than once.' },
  IDEMPOTENCY_KEY_REUSED: {
    status: 422,
    message: 'This Idempotency-Key was used with another request within 24 hours; use a new key for new work.',
  },
  IDEMPOTENCY_KEY_IN_USE: {
    status: 409,
    message: 'A request with this Idempotency-Key was committed meanwhile; retry it to get its answer.',
  },
  SANDBOX_CLOCK_FIXED: { status: 409, message: 'The clock of this service cannot be moved.' },
  SANDBOX_MFA_OUTCOME_INVALID: {
    status: 400,
    message: "The header X-Tase-Sandbox-Mfa must be CONFIRM, REJECT or EXPIRE, got '{value}'.",
  },
  SANDBOX_SEED_REFUSED: { status: 400, message: 'The fixture was refused: {detail}.' },
  SANDBOX_SNAPSHOT_LIMIT: { status: 409, message: 'A company keeps at most {limit} snapshots; delete one first.' },
  SANDBOX_SNAPSHOT_OUTDATED: {
    status: 409,
    message: "Snapshot '{name}' was taken before an upgrade changed the tables; take it again.",
  },
  SANDBOX_ADMINISTRATOR_ONLY: {
    status: 403,
    message: "Only a sandbox administrator may {action}: a company's administrator acts on its own company only.",
  },

  // products and groups
  TRAVEL_PRODUCT_CANNOT_BE_DELETED: { status: 400 },
  TRAVEL_PRODUCT_GROUP_CANNOT_BE_DELETED: { status: 400 },
  PRODUCT_GROUP_HAS_PRODUCTS: {
    status: 409,
    message: 'PRODUCT_GROUP_HAS_PRODUCTS: the group still holds products {productIds}.',
  },
  FIELD_ONLY_FOR_TRAVEL_PRODUCTS: { status: 400 },
  PRODUCT_GROUP_TYPE_MISMATCH: { status: 400 },
  PRODUCT_TYPE_CANNOT_BE_CHANGED: { status: 400 },
  START_DATE_AFTER_END_DATE: { status: 400 },
  PRODUCT_GROUP_NOT_FOUND: { status: 400 },

  // reports and SIE export (src/reports, src/sie)
  TOO_MANY_ACCOUNTS: { status: 400, message: 'At most {max} accounts may be requested at once; got {count}.' },
  ACCOUNT_TYPE_NOT_IN_RANGE: {
    status: 400,
    message:
      "ACCOUNT_TYPE_NOT_IN_RANGE: account {number} is in the decree's range of {allowed} accounts, so it cannot be {type}.",
  },
  REPORT_FILTER_INVALID: { status: 400, message: 'The report filter {filter} is not valid: {reason}.' },
  REPORT_CUSTOMER_COMPANY_NOT_ALLOWED: {
    status: 403,
    message: 'A report can be asked only for the company the caller acts for.',
  },
  REPORT_LANGUAGE_NOT_SUPPORTED: { status: 400, message: 'The report language must be fi (FINNISH) or sv (SWEDISH).' },
  REPORT_TOO_LARGE: {
    status: 400,
    message: 'The report would hold {count} lines, more than {max}: ask a shorter period or use the paged report.',
  },
  SIE_ACCOUNTING_PERIOD_NOT_FOUND: {
    status: 400,
    message:
      'SIE_ACCOUNTING_PERIOD_NOT_FOUND: no fiscal year starts on accountingPeriodStart (see GET /sie/availability).',
  },
  SIE_EXPORT_END_DATE_OUTSIDE_PERIOD: {
    status: 400,
    message: 'SIE_EXPORT_END_DATE_OUTSIDE_PERIOD: exportEndDate must lie within the fiscal year.',
  },

  // currencies and exchange rates (src/currencies)
  CURRENCY_RATE_NOT_FOUND: {
    status: 404,
    message: 'No exchange rate of {currency} against {baseCurrency} for {day}: none published from {from} to {to}.',
  },
  CURRENCY_RATE_TYPE_INVALID: {
    status: 400,
    message: "'rateType' is not valid: {value}. Allowed only: [1,2,3,4,5,6].",
  },

  // registers: dimensions, default dimensions, business partners, persons, company, bank accounts
  DIMENSION_ITEM_IS_PASSIVE_OR_DOES_NOT_EXIST_IN_DIMENSION: { status: 400 },
  DIMENSION_PERCENTAGES_MUST_SUM_TO_100: { status: 400 },
  DUPLICATE_DIMENSION_ITEM: { status: 400 },
  DIMENSION_NAME_EXISTS: { status: 400 },
  DIMENSION_ITEM_CODE_NAME_EXISTS: { status: 400 },
  BCC_ADDRESS_INVALID: { status: 400 },
  BCC_ADDRESS_EQUALS_MAIN_ADDRESS: { status: 400 },
  PARTNER_GROUP_NOT_FOUND: { status: 400 },
  PARTNER_GROUP_TYPE_MISMATCH: { status: 400 },
  PARTNER_TYPE_CANNOT_BE_CHANGED: { status: 400 },
  FACTORING_CONTRACT_NOT_FOUND: { status: 400 },
  PRODUCT_NOT_FOUND: { status: 400 },
  SWEDISH_ENVIRONMENT_ONLY: {
    status: 400,
    message: 'SWEDISH_ENVIRONMENT_ONLY: this endpoint is available to Swedish companies only.',
  },
  BUSINESS_IDENTIFIER_CHANGE_NOT_ALLOWED: {
    status: 403,
    message:
      'BUSINESS_IDENTIFIER_CHANGE_NOT_ALLOWED: the business identifier of a company in production usage cannot be changed.',
  },
  ERROR_BRN_CODE: { status: 400 },
  INVALID_IBAN: { status: 400 },
  INVALID_BIC: { status: 400 },
  BIC_COUNTRY_DOES_NOT_MATCH_IBAN: { status: 400 },
  BANK_ACCOUNT_EXISTS: { status: 400 },
  BANK_ACCOUNT_IBAN_CANNOT_BE_CHANGED: { status: 400 },
  BANK_ACCOUNT_CURRENCY_CANNOT_BE_CHANGED: { status: 400 },
  PAYMENT_FLAGS_NOT_ALLOWED_ON_OLD_BANK_CONNECTION: { status: 400 },
  BANKING_CODE_REQUIRED_FOR_PAYMENTS: { status: 400 },

  // ledger: chart of accounts, fiscal years and periods, VAT, ledger receipts (src/accounts, src/fiscal, src/vat, src/ledger)
  ERROR_LEDGERACCOUNT_NOT_EXIST_OR_INACTIVE: { status: 400 },
  CLOSED_FISCAL_PERIOD: { status: 400 },
  VAT_LINE_MISSING: {
    status: 400,
    message:
      'VAT_LINE_MISSING: the taxed transactions need {expected} of VAT at {vatPercent} % on account {account}; the receipt books {booked} there.',
  },
  VAT_PERIOD_INVALID: { status: 400, message: 'VAT_PERIOD_INVALID: no {periodType} VAT period starts on {startDate}.' },
  VAT_RETURN_ALREADY_FILED: {
    status: 409,
    message: 'VAT_RETURN_ALREADY_FILED: the VAT return of {start} – {end} was filed already.',
  },
  VAT_PERIOD_FILED: {
    status: 409,
    message:
      'VAT_PERIOD_FILED: the VAT return of {start} – {end} is filed, so its period stays closed; correct it with a new voucher in an open period.',
  },
  VAT_RETURN_NOT_FILED: {
    status: 400,
    message: 'VAT_RETURN_NOT_FILED: no VAT return of {start} – {end} is filed; a correction names a filed period.',
  },
  VAT_CORRECTION_IN_FILED_PERIOD: {
    status: 400,
    message:
      'VAT_CORRECTION_IN_FILED_PERIOD: the receipt is dated {date}, in the filed VAT period {start} – {end}; a correction is a voucher booked in an open period.',
  },
  VAT_CORRECTION_NOT_TAXABLE: {
    status: 400,
    message: 'VAT_CORRECTION_NOT_TAXABLE: a {type} receipt is not a taxable event and corrects no VAT return.',
  },
  VAT_CORRECTION_FILED: {
    status: 409,
    message:
      'VAT_CORRECTION_FILED: receipt {receiptId} was filed in the corrected VAT return {vatReturnId}; its correction cannot change.',
  },
  VAT_CORRECTION_UNFINISHED: {
    status: 400,
    message:
      'VAT_CORRECTION_UNFINISHED: correction vouchers {receiptIds} of this period are not approved; approve or invalidate them first.',
  },
  VAT_RETURN_NO_DIFFERENCE: {
    status: 409,
    message:
      'VAT_RETURN_NO_DIFFERENCE: the VAT return of {start} – {end} has the figures of its filed version {version}; there is nothing to correct.',
  },
  BUSINESS_ID_MISSING: {
    status: 409,
    message: "BUSINESS_ID_MISSING: the company has no business id (field 010 of the Tax Administration's file).",
  },
  NO_FISCAL_YEAR_FOR_DATE: { status: 400, message: 'NO_FISCAL_YEAR_FOR_DATE: no fiscal year holds {date}.' },
  RECEIPT_NOT_BALANCED: { status: 400, message: 'RECEIPT_NOT_BALANCED: debits and credits differ by {difference}.' },
  RECEIPT_HAS_NO_TRANSACTIONS: { status: 400 },
  TOO_MANY_TRANSACTIONS: { status: 400, message: 'TOO_MANY_TRANSACTIONS: a receipt holds at most {max} transactions.' },
  TRANSACTION_DESCRIPTION_TOO_LONG: {
    status: 400,
    message: 'TRANSACTION_DESCRIPTION_TOO_LONG: at most {max} characters.',
  },
  TRANSACTION_AMOUNT_OUT_OF_RANGE: {
    status: 400,
    message: 'TRANSACTION_AMOUNT_OUT_OF_RANGE: at most {max} per transaction.',
  },
  DIMENSION_VALUES_DO_NOT_MATCH_TRANSACTION: {
    status: 400,
    message:
      'DIMENSION_VALUES_DO_NOT_MATCH_TRANSACTION: the values of dimension {dimensionId} sum to {sum}, not to the transaction amount {amount}.',
  },
  LEDGER_PARTNER_NOT_FOUND: { status: 400, message: 'LEDGER_PARTNER_NOT_FOUND: no business partner {partnerId}.' },
  VAT_STATUS_NOT_IN_USE: {
    status: 400,
    message: 'VAT_STATUS_NOT_IN_USE: VAT status {vatStatus} is not in use for {vatType} in this company.',
  },
  VAT_PERCENT_NOT_VALID: {
    status: 400,
    message: 'VAT_PERCENT_NOT_VALID: {vatPercent} % is not a VAT rate of {country} on {date}.',
  },
  ONLY_JOURNAL_RECEIPTS_CAN_BE_CREATED: { status: 400 },
  RECEIPT_TYPE_NOT_EDITABLE: {
    status: 400,
    message:
      'RECEIPT_TYPE_NOT_EDITABLE: {type} receipts are kept by their documents; only JOURNAL receipts are edited here.',
  },
  RECEIPT_NOT_EDITABLE_IN_STATUS: {
    status: 400,
    message: 'RECEIPT_NOT_EDITABLE_IN_STATUS: a {status} receipt cannot be changed; set it back to unfinished first.',
  },
  RECEIPT_TYPE_CANNOT_BE_CHANGED: { status: 400 },
  ALLOCATION_NOT_OF_TRANSACTION: {
    status: 400,
    message:
      'ALLOCATION_NOT_OF_TRANSACTION: {id} is not an allocation of this transaction; allocations are made by the payments of invoices, so a transaction may only repeat its own ({own}).',
  },
  RECEIPT_DATE_MOVES_FISCAL_YEAR: {
    status: 400,
    message:
      'RECEIPT_DATE_MOVES_FISCAL_YEAR: the receipt date must stay within fiscal year {start} – {end}, which numbered the receipt.',
  },
  ILLEGAL_RECEIPT_STATUS_TRANSITION: {
    status: 400,
    message: 'ILLEGAL_RECEIPT_STATUS_TRANSITION: a {from} receipt cannot become {to}.',
  },
  FISCAL_PERIOD_HAS_UNFINISHED_RECEIPTS: {
    status: 400,
    message: 'FISCAL_PERIOD_HAS_UNFINISHED_RECEIPTS: approve or invalidate receipts {receiptIds} first.',
  },
  FISCAL_PERIOD_ALREADY_CLOSED: { status: 400 },
  FISCAL_PERIOD_ALREADY_OPEN: { status: 400 },
  FISCAL_YEAR_CLOSED: { status: 400 },
  TRACKING_PERIOD_STATUS_CONFLICT: {
    status: 409,
    message: 'TRACKING_PERIOD_STATUS_CONFLICT: the period is {current}; it cannot be marked {requested}.',
  },
  FISCAL_YEAR_INVALID: { status: 400, message: 'FISCAL_YEAR_INVALID: {detail}' },
  FISCAL_YEAR_NOT_CLOSED: { status: 400, message: 'FISCAL_YEAR_NOT_CLOSED: the fiscal year is open.' },
  FISCAL_YEAR_REOPEN_REFUSED: {
    status: 409,
    message:
      'FISCAL_YEAR_REOPEN_REFUSED: the next fiscal year ({nextStart} – {nextEnd}) has postings after its opening balances (receipts {receiptIds}); correct the closed year with a new voucher in the open one.',
  },
  FISCAL_YEAR_NEXT_CLOSED: {
    status: 409,
    message:
      'FISCAL_YEAR_NEXT_CLOSED: the next fiscal year ({nextStart} – {nextEnd}) is closed; reopen it first, years reopen in the reverse order they were closed.',
  },
  LEDGER_ACCOUNT_EXISTS: { status: 400, message: 'LEDGER_ACCOUNT_EXISTS: the chart has an account {number} already.' },
  // invoices
  INVOICE_TYPE_NOT_SUPPORTED: {
    status: 400,
    message: 'INVOICE_TYPE_NOT_SUPPORTED: invoices of type {type} cannot be created here.',
  },
  INVOICE_TYPE_CANNOT_BE_CHANGED: { status: 400 },
  INVOICE_NOT_EDITABLE: {
    status: 400,
    message: 'INVOICE_NOT_EDITABLE: an invoice in status {status} cannot be changed; only in {allowed}.',
  },
  INVOICE_ROW_NOT_FOUND: { status: 400, message: 'INVOICE_ROW_NOT_FOUND: the invoice has no row {rowId}.' },
  INVOICE_PARTNER_NOT_FOUND: { status: 400, message: 'INVOICE_PARTNER_NOT_FOUND: no business partner {partnerId}.' },
  INVOICE_TEMPLATE_NOT_FOUND: { status: 400 },
  INVOICE_CHECKER_NOT_IN_COMPANY: {
    status: 400,
    message: 'INVOICE_CHECKER_NOT_IN_COMPANY: user {userId} is not a user of the company.',
  },
  OFFER_ONLY_FOR_SALES: {
    status: 400,
    message: 'OFFER_ONLY_FOR_SALES: only sales invoices and sales orders can be offers.',
  },
  INVALID_BANK_REFERENCE_CODE: {
    status: 400,
    message: 'INVALID_BANK_REFERENCE_CODE: not a valid {type} reference: {problem}.',
  },
  BCC_ADDRESSES_NOT_ALLOWED: {
    status: 400,
    message: 'BCC_ADDRESSES_NOT_ALLOWED: blind-copy addresses are for sales invoices, sales orders and offers only.',
  },
  VAT_PERCENT_NOT_ALLOWED_FOR_VAT_STATUS: {
    status: 400,
    message: 'VAT_PERCENT_NOT_ALLOWED_FOR_VAT_STATUS: rows of an invoice with VAT status {vatStatus} carry 0 % VAT.',
  },
  INVOICE_ACTION_NOT_ALLOWED: {
    status: 400,
    message:
      'INVOICE_ACTION_NOT_ALLOWED: {action} is not allowed for a {type} in status {status}; it is allowed from {allowed}.',
  },
  INVOICE_HAS_PAYMENTS: {
    status: 400,
    message:
      'INVOICE_HAS_PAYMENTS: {action} is not allowed while payments are recorded; delete the payment events first.',
  },
  INVOICE_HAS_NO_ROWS: { status: 400, message: 'INVOICE_HAS_NO_ROWS: an invoice without rows cannot be posted.' },
  INVOICE_MUST_CIRCULATE: {
    status: 400,
    message: 'INVOICE_MUST_CIRCULATE: invoice circulation is in use; send the invoice to circulation first.',
  },
  INVOICE_VERIFICATION_PENDING: {
    status: 400,
    message: 'INVOICE_VERIFICATION_PENDING: every verifier must verify the invoice before it is approved.',
  },
  INVOICE_CHECKER_NOT_PENDING: {
    status: 400,
    message: 'INVOICE_CHECKER_NOT_PENDING: it is not your turn as {role} of invoice {invoiceNumber}.',
  },
  CIRCULATION_HAS_NO_ACCEPTORS: {
    status: 403,
    message: 'CIRCULATION_HAS_NO_ACCEPTORS: invoice circulation is in use and the invoice has no acceptor.',
  },
  PAYMENT_CURRENCY_MISMATCH: { status: 400, message: 'PAYMENT_CURRENCY_MISMATCH: the invoice is in {currency}.' },
  PAYMENT_RATE_NOT_FOUND: {
    status: 400,
    message:
      'PAYMENT_RATE_NOT_FOUND: no exchange rate of {currency} against {baseCurrency} for {day}; give the rate of the payment (currencyRate) or import the rates of that day.',
  },
  PAYMENT_AMOUNT_SIGN: { status: 400, message: 'PAYMENT_AMOUNT_SIGN: the amount must be {sign} and not zero.' },
  PAYMENT_EXCEEDS_OPEN_AMOUNT: { status: 400, message: 'PAYMENT_EXCEEDS_OPEN_AMOUNT: the open amount is {open}.' },
  INVOICE_DISCUSSION_NOT_ALLOWED: {
    status: 403,
    message:
      'INVOICE_DISCUSSION_NOT_ALLOWED: invoice discussion is off in the company, or you may not see the invoice.',
  },
  COMMENT_TAGGED_USER_NOT_FOUND: {
    status: 400,
    message: 'COMMENT_TAGGED_USER_NOT_FOUND: user {userId} cannot be tagged.',
  },
  ONLY_TAGGED_USER_CAN_MARK_READ: {
    status: 400,
    message: 'ONLY_TAGGED_USER_CAN_MARK_READ: you are not tagged in the comment.',
  },
  INVOICE_PAGE_NOT_FOUND: { status: 404, message: 'INVOICE_PAGE_NOT_FOUND: the invoice has no page {page}.' },
  DOCUMENT_RENDER_TIMEOUT: {
    status: 503,
    message: 'DOCUMENT_RENDER_TIMEOUT: the document was not rendered within {limit} ms; retry the request later.',
  },
  DOCUMENT_RENDER_BUSY: {
    status: 503,
    message: 'DOCUMENT_RENDER_BUSY: every renderer of large documents is busy; retry the request shortly.',
  },
  FINVOICE_NOT_AVAILABLE: { status: 400, message: 'FINVOICE_NOT_AVAILABLE: no Finvoice message: {detail}.' },
  FINVOICE_INVALID: { status: 400, message: 'FINVOICE_INVALID: the message cannot be read as a Finvoice: {detail}' },
  FINVOICE_DELIVERY: { status: 400, message: 'FINVOICE_DELIVERY: the delivery cannot be taken apart: {detail}.' },
  FINVOICE_SEVERAL: {
    status: 400,
    message:
      'FINVOICE_SEVERAL: the delivery holds {count} invoices; POST /invoices/finvoice/deliveries takes them all at once.',
  },
  FINVOICE_ENCODING: { status: 400, message: 'FINVOICE_ENCODING: the message cannot be read: {detail}.' },
  UNKNOWN_VAT_COUNTRY: { status: 400, message: "UNKNOWN_VAT_COUNTRY: no VAT data for '{countryCode}'." },
  BANK_FILE_INVALID: { status: 400, message: 'BANK_FILE_INVALID: nothing was imported: {detail}' },
  INVALID_PAYER_BANK_ACCOUNT: { status: 400, message: 'INVALID_PAYER_BANK_ACCOUNT: {detail}.' },
  ONLY_PAYER_ACCOUNT_WITH_SEK_CURRENCY_IS_SUPPORTED_WITH_BANKGIRO_OR_PLUSGIRO_PAYMENT_METHOD: { status: 400 },
  INVOICE_NOT_PAYABLE: {
    status: 400,
    message:
      'INVOICE_NOT_PAYABLE: invoice {invoiceId} is a {type} in status {status}; purchase invoices are paid when APPROVED or PARTLY_PAID.',
  },
  PAYMENT_WRONG_STATUS: {
    status: 403,
    message: 'PAYMENT_WRONG_STATUS: {action} is not allowed in status {status}; only in {allowed}.',
  },
  PAYMENT_FILE_INVALID: { status: 400, message: 'PAYMENT_FILE_INVALID: no payment file was released: {detail}' },
  BANK_EVENT_NOT_IN_STATEMENT: {
    status: 400,
    message: 'BANK_EVENT_NOT_IN_STATEMENT: event {eventId} does not belong to bank statement {statementId}.',
  },
  BANK_ENTRY_ALREADY_ALLOCATED: {
    status: 400,
    message: 'BANK_ENTRY_ALREADY_ALLOCATED: entry {id} is allocated already; remove its allocation first.',
  },
  BANK_EVENT_HAS_REFERENCE_PAYMENTS: {
    status: 409,
    message:
      'BANK_EVENT_HAS_REFERENCE_PAYMENTS: event {id} carries creditor references and is allocated through its reference payments (GET /referencepayments).',
  },
  BANK_ENTRY_NOT_ALLOCATED: { status: 400, message: 'BANK_ENTRY_NOT_ALLOCATED: entry {id} has no {kind} allocation.' },
  ALLOCATION_SUM_MISMATCH: { status: 400, message: 'ALLOCATION_SUM_MISMATCH: {detail}.' },
  ALLOCATION_INVOICE_SIDE: { status: 400, message: 'ALLOCATION_INVOICE_SIDE: {direction} pays {side}.' },
  ACCOUNT_NUMBER_ONLY_IN_HEADER: {
    status: 400,
    message: 'ACCOUNT_NUMBER_ONLY_IN_HEADER: send the account number as the accountNumber HTTP header.',
  },
  // attachments and file uploads (src/attachments, src/platform/multipart.ts)
  FILE_TOO_LARGE: { status: 400, message: 'File size too big: a file holds at most {limit} bytes.' },
  MALFORMED_MULTIPART: { status: 400, message: 'The multipart/form-data body cannot be read ({reason}).' },
  FILE_MISSING: { status: 400, message: "FILE_MISSING: the multipart field '{field}' must hold a file." },
  FILE_EMPTY: { status: 400, message: 'FILE_EMPTY: the file holds no bytes.' },
  ATTACHMENT_FILE_TYPE_NOT_ALLOWED: {
    status: 400,
    message: 'ATTACHMENT_FILE_TYPE_NOT_ALLOWED: the file is {detected} by its content; allowed: {allowed}.',
  },
  ATTACHMENT_REFERENCE_TYPE_NOT_SUPPORTED: {
    status: 400,
    message:
      'ATTACHMENT_REFERENCE_TYPE_NOT_SUPPORTED: files cannot be attached to {referenceType} here; supported: {supported}.',
  },
  ATTACHMENT_REFERENCE_NOT_FOUND: {
    status: 400,
    message: 'ATTACHMENT_REFERENCE_NOT_FOUND: no {referenceType} with id {referenceId} in the company.',
  },

  // payroll (src/payroll)
  INVALID_TAX_CARD_INCOME_TYPE: { status: 400, message: 'Invalid tax card income type' },
  EMPLOYEE_EXISTS: { status: 400, message: 'EMPLOYEE_EXISTS: person {personId} already has salary info.' },
  INVALID_PERSONAL_IDENTITY_CODE: {
    status: 400,
    message: "INVALID_PERSONAL_IDENTITY_CODE: the person's personal identity code {code} is not valid.",
  },
  SALARY_TYPE_NOT_FOUND: { status: 400, message: 'SALARY_TYPE_NOT_FOUND: the company has no salary type {code}.' },
  CAR_BENEFIT_EMISSION_VALUE_NOT_ALLOWED: {
    status: 400,
    message:
      'CAR_BENEFIT_EMISSION_VALUE_NOT_ALLOWED: the emission value of a car benefit (3010) is 0 or null for paydays in 2026.',
  },
  SALARY_TYPE_GROUP_WITHOUT_DIMENSIONS: {
    status: 400,
    message: 'SALARY_TYPE_GROUP_WITHOUT_DIMENSIONS: rows of salary type groups 5, 6 and 8 have no dimensions ({code}).',
  },
  DIMENSION_QUANTITY_AND_PERCENTAGE: {
    status: 400,
    message: 'DIMENSION_QUANTITY_AND_PERCENTAGE: a dimension of a row has either a quantity or a percentage, not both.',
  },
  DIMENSION_SHARES_DO_NOT_MAKE_UP_ROW: {
    status: 400,
    message: 'DIMENSION_SHARES_DO_NOT_MAKE_UP_ROW: the shares of dimension {dimensionId} do not make up the whole row.',
  },
  NO_PAYROLL_RATES_FOR_YEAR: { status: 404, message: 'NO_PAYROLL_RATES_FOR_YEAR: no yearly figures for {year}.' },
  DUPLICATE_HOLIDAY_TERMS_DATE: {
    status: 400,
    message: 'DUPLICATE_HOLIDAY_TERMS_DATE: more than one period of holiday terms begins on {date}.',
  },
  HOLIDAY_BONUS_MONTH: {
    status: 400,
    message: 'HOLIDAY_BONUS_MONTH: holidayBonusMonth is given with the ON_MONTH payment of the holiday bonus only.',
  },
  HOLIDAY_COMPENSATION_ALREADY_PAID: {
    status: 400,
    message:
      'HOLIDAY_COMPENSATION_ALREADY_PAID: {asked} days of holiday compensation of credit year {year} asked, {left} left unpaid by approved slips.',
  },
  NON_RESIDENT_FLAG_REQUIRED: {
    status: 400,
    message:
      'NON_RESIDENT_FLAG_REQUIRED: the non-resident taxpayer flag cannot be cleared while the salary base has rows of salary type 2922.',
  },
  SALARY_SLIP_STATUS: {
    status: 400,
    message: 'SALARY_SLIP_STATUS: the salary slip is {status}; only {allowed} slips can be {action}.',
  },
  DUPLICATE_SALARY_LIST_EMPLOYEE: {
    status: 400,
    message: 'DUPLICATE_SALARY_LIST_EMPLOYEE: employee {employeeId} is on the list more than once.',
  },
  PAY_LEAVE_NOT_AVAILABLE: {
    status: 400,
    message: 'PAY_LEAVE_NOT_AVAILABLE: {asked} {what} asked of {year}, {left} left.',
  },
} as const satisfies Record<string, CatalogueEntry>;

export type ErrorCode = keyof typeof ERRORS;

export type ErrorParams = Record<string, string | number | undefined>;

export function errorItem(code: ErrorCode, field?: string, params: ErrorParams = {}): ErrorItem {
  const entry: CatalogueEntry = ERRORS[code];
  const template = entry.message ?? code;
  const message = template.replace(/\{(\w+)\}/g, (_, name: string) =>
    String(name === 'field' ? (field ?? params.field ?? '') : (params[name] ?? '')),
  );
  const item: ErrorItem = { status: entry.status, message };
  if (field !== undefined) item.field = field;
  return item;
}

/** An error answered to the client. Several items are reported together (all validation failures at once). */
export class ApiError extends Error {
  readonly status: number;
  readonly items: ErrorItem[];
  readonly headers: Record<string, string>;

  constructor(items: ErrorItem[], headers: Record<string, string> = {}) {
    super(items.map((i) => i.message).join('; '));
    this.status = items.reduce((s, i) => (s === 0 ? i.status : s), 0) || 400;
    this.items = items;
    this.headers = headers;
  }
}

export function apiError(code: ErrorCode, field?: string, params?: ErrorParams): ApiError {
  return new ApiError([errorItem(code, field, params)]);
}

export function notFound(resource: string): ApiError {
  return apiError('NOT_FOUND', undefined, { resource });
}

/** Collects rule violations so that all of them are reported in one answer. */
export class Violations {
  readonly items: ErrorItem[] = [];
  add(code: ErrorCode, field?: string, params?: ErrorParams): this {
    this.items.push(errorItem(code, field, params));
    return this;
  }
  get empty(): boolean {
    return this.items.length === 0;
  }
  throwIfAny(): void {
    if (this.items.length > 0) throw new ApiError(this.items);
  }
}

/** An OAuth 2.0 protocol error (RFC 6749 §5.2), answered by the token endpoint in OAuth's own JSON shape. */
export class OAuthError extends Error {
  readonly status: number;
  readonly error: string;
  constructor(status: number, error: string, description: string) {
    super(description);
    this.status = status;
    this.error = error;
  }
}
