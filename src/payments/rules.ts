// Checks of a payment before it is queued: the payer account must be one of the company's that allows the kind
// of payment (INVALID_PAYER_BANK_ACCOUNT on `payerBankAccount`), Swedish bankgiro and plusgiro payments go from
// a SEK account, the recipient's account and BIC are valid (ibantools), a reference is valid for its type.
import { electronicFormatIBAN, extractIBAN, isValidBIC, isValidIBAN } from 'ibantools';
import type { Db } from '../db/index.ts';
import type { Violations } from '../platform/errors.ts';
import { luhnValid, referenceCodeProblem, type ReferenceCodeType } from '../domain/reference-codes.ts';
import type { BankPaymentMethod } from './schemas.ts';

export interface PayerAccount {
  id: number;
  iban: string;
  bic: string | undefined;
  currency: string;
  active: boolean;
  defaultForPayment: boolean;
  allowPayments: boolean;
  allowForeignPayments: boolean;
  allowSalaryPayments: boolean;
  allowExpressPayments: boolean;
}

/** The company's bank accounts with their payment flags, read from the bank accounts' register. */
export async function payerAccounts(db: Db, companyId: number): Promise<PayerAccount[]> {
  const rows = await db
    .selectFrom('bank_accounts')
    .select(['id', 'iban', 'currency', 'status', 'default_for_payment', 'data'])
    .where('company_id', '=', companyId)
    .orderBy('id')
    .execute();
  return rows.map((row) => {
    const data = JSON.parse(row.data) as Record<string, unknown>;
    const flag = (name: string) => data[name] === true;
    return {
      id: Number(row.id),
      iban: row.iban,
      bic: typeof data.bic === 'string' ? data.bic : undefined,
      currency: row.currency,
      active: row.status === 'ACTIVE',
      defaultForPayment: Boolean(row.default_for_payment),
      allowPayments: flag('allowPayments'),
      allowForeignPayments: flag('allowForeignPayments'),
      allowSalaryPayments: flag('allowSalaryPayments'),
      allowExpressPayments: flag('allowExpressPayments'),
    };
  });
}

export type PaymentKind = 'INVOICE' | 'TRANSFER' | 'SALARY';

/** The flag of the payer account a payment needs. */
function flagFor(kind: PaymentKind, method: string): keyof PayerAccount & `allow${string}` {
  if (kind === 'SALARY') return 'allowSalaryPayments';
  if (method === 'FINNISH_EXPRESS_PAYMENT') return 'allowExpressPayments';
  if (method.endsWith('_FOREIGN_PAYMENT')) return 'allowForeignPayments';
  return 'allowPayments';
}

const FLAG_TEXT = {
  allowPayments: 'payments',
  allowForeignPayments: 'foreign payments',
  allowSalaryPayments: 'salary payments',
  allowExpressPayments: 'express payments',
};

const compact = (text: string) => text.replace(/[\s-]/g, '').toUpperCase();

/**
 * The payer account a payment names (IBAN or BBAN), else the company's default account for payments; adds
 * INVALID_PAYER_BANK_ACCOUNT and answers undefined when there is none that may make the payment.
 */
export function payerAccountFor(
  accounts: PayerAccount[],
  named: string | undefined,
  kind: PaymentKind,
  method: string,
  v: Violations,
  at: string,
): PayerAccount | undefined {
  let account: PayerAccount | undefined;
  if (named !== undefined && named.trim() !== '') {
    const wanted = compact(named);
    account = accounts.find(
      (a) => a.iban === (electronicFormatIBAN(wanted) ?? wanted) || extractIBAN(a.iban).bban === wanted,
    );
    if (!account) {
      v.add('INVALID_PAYER_BANK_ACCOUNT', 'payerBankAccount', {
        detail: `${at}${named} is not a bank account of the company`,
      });
      return undefined;
    }
  } else {
    account = accounts.find((a) => a.defaultForPayment);
    if (!account) {
      v.add('INVALID_PAYER_BANK_ACCOUNT', 'payerBankAccount', {
        detail: `${at}no payer account given and the company has no default account for payments`,
      });
      return undefined;
    }
  }
  const flag = flagFor(kind, method);
  if (!account.active || !account[flag]) {
    v.add('INVALID_PAYER_BANK_ACCOUNT', 'payerBankAccount', {
      detail: `${at}the account ${account.iban} ${account.active ? `does not allow ${FLAG_TEXT[flag]}` : 'is inactive'}`,
    });
    return undefined;
  }
  if (
    (method === 'SWEDISH_DOMESTIC_PAYMENT_BANKGIRO' || method === 'SWEDISH_DOMESTIC_PAYMENT_PLUSGIRO') &&
    account.currency !== 'SEK'
  ) {
    v.add(
      'ONLY_PAYER_ACCOUNT_WITH_SEK_CURRENCY_IS_SUPPORTED_WITH_BANKGIRO_OR_PLUSGIRO_PAYMENT_METHOD',
      'payerBankAccount',
    );
    return undefined;
  }
  return account;
}

/** Methods whose recipient account is an IBAN: SEPA payments and salaries. */
const IBAN_METHODS = new Set(['FINNISH_BANK_TRANSFER', 'FINNISH_EXPRESS_PAYMENT', 'FINNISH_SALARY_TRANSFER']);

export interface RecipientFields {
  recipientBankAccount: string;
  recipientBicCode?: string;
  bankReferenceCode?: string;
  bankReferenceCodeType?: ReferenceCodeType;
  intermediaryBankBic?: string;
}

/** Checks the recipient's account, BICs and reference; answers the normalised account, BIC and reference. */
export function checkRecipient(
  item: RecipientFields,
  method: BankPaymentMethod | 'FINNISH_SALARY_TRANSFER',
  v: Violations,
  prefix: string,
): { account: string; bic: string | undefined; reference: string | undefined; referenceType: string | undefined } {
  const raw = compact(item.recipientBankAccount);
  let account = raw;
  const looksLikeIban = /^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(raw);
  if (IBAN_METHODS.has(method) || (method.endsWith('_FOREIGN_PAYMENT') && looksLikeIban)) {
    account = electronicFormatIBAN(raw) ?? raw;
    if (!isValidIBAN(account)) v.add('INVALID_IBAN', `${prefix}recipientBankAccount`);
  } else if (method === 'SWEDISH_DOMESTIC_PAYMENT_BANKGIRO' || method === 'SWEDISH_DOMESTIC_PAYMENT_PLUSGIRO') {
    // a bankgiro number is 7 or 8 digits, a plusgiro number 2 to 8
    const min = method === 'SWEDISH_DOMESTIC_PAYMENT_BANKGIRO' ? 7 : 2;
    if (!new RegExp(`^\\d{${min},8}$`).test(raw) || !luhnValid(raw))
      v.add('VALIDATION_FAILED', `${prefix}recipientBankAccount`, {
        detail: `a ${method.endsWith('BANKGIRO') ? 'bankgiro' : 'plusgiro'} number is ${min} to 8 digits ending in a Luhn check digit`,
      });
  } else if (!/^[A-Z0-9]{4,40}$/.test(raw)) {
    v.add('VALIDATION_FAILED', `${prefix}recipientBankAccount`, {
      detail: 'the account is 4 to 40 letters and digits',
    });
  }
  const bic = item.recipientBicCode?.trim() ? compact(item.recipientBicCode) : undefined;
  if (bic !== undefined && !isValidBIC(bic)) v.add('INVALID_BIC', `${prefix}recipientBicCode`);
  if (method.endsWith('_FOREIGN_PAYMENT') && bic === undefined)
    v.add('REQUIRED_FIELD_MISSING', `${prefix}recipientBicCode`, { field: 'recipientBicCode' });
  if (item.intermediaryBankBic?.trim() && !isValidBIC(compact(item.intermediaryBankBic)))
    v.add('INVALID_BIC', `${prefix}intermediaryBankBic`);
  const code = item.bankReferenceCode?.trim() ? compact(item.bankReferenceCode) : undefined;
  let referenceType: string | undefined = item.bankReferenceCodeType;
  if (code !== undefined) {
    const type: ReferenceCodeType = item.bankReferenceCodeType ?? (code.startsWith('RF') ? 'RF' : 'FI');
    referenceType = type;
    const problem = referenceCodeProblem(type, code);
    if (problem) v.add('INVALID_BANK_REFERENCE_CODE', `${prefix}bankReferenceCode`, { type, problem });
  }
  return { account, bic, reference: code, referenceType };
}
