// Rules of the company's bank accounts: IBAN and BIC validated (ibantools), one default account for
// invoices and one for payments, payment flags refused on an old-style bank connection.
import { electronicFormatIBAN, extractBIC, extractIBAN, isValidBIC, isValidIBAN } from 'ibantools';
import { allocateId, insertOrUpdateTransaction, type Db } from '../db/index.ts';
import type { AppContext } from '../platform/context.ts';
import { notFound, Violations } from '../platform/errors.ts';
import { checkReadOnly } from '../platform/resource.ts';
import { staleUnlessWritten } from '../platform/lock.ts';
import { isoDateTime, nextVersion } from '../platform/clock.ts';
import { paged, type PageRequest, type Paged } from '../platform/paging.ts';
import { checkAccountRefs } from '../accounts/index.ts';
import { withoutUndefined } from '../domain/objects.ts';
import { PAYMENT_FLAGS, type BankAccountWire } from './schemas.ts';
import * as store from './store.ts';

type Json = Record<string, unknown>;

function toWire(row: store.BankAccountRow): BankAccountWire {
  const data = JSON.parse(row.data) as Json;
  const wire = {
    id: Number(row.id),
    accountNumber: extractIBAN(row.iban).bban,
    iban: row.iban,
    ...data,
    currency: row.currency,
    defaultForInvoice: Boolean(row.default_for_invoice),
    defaultForPayment: Boolean(row.default_for_payment),
    status: row.status,
    bankConnection: row.connection,
    created: row.created,
    version: row.version,
  } as Json;
  return withoutUndefined(wire) as BankAccountWire;
}

export class BankAccountService {
  readonly #ctx: AppContext;
  constructor(ctx: AppContext) {
    this.#ctx = ctx;
  }

  /** A company has a handful of accounts: they are ordered and paged in memory. */
  async list(companyId: number, page: PageRequest, orderByOrderNo?: 'ASC' | 'DESC'): Promise<Paged<BankAccountWire>> {
    const byId = (a: store.BankAccountRow, b: store.BankAccountRow) =>
      (Number(a.id) - Number(b.id)) * (page.order === 'desc' ? -1 : 1);
    const orderNo = (row: store.BankAccountRow) => toWire(row).orderNo ?? Number.MAX_SAFE_INTEGER;
    const rows = (await store.listAccounts(this.#ctx.db, companyId)).sort((a, b) =>
      orderByOrderNo ? (orderNo(a) - orderNo(b)) * (orderByOrderNo === 'DESC' ? -1 : 1) || byId(a, b) : byId(a, b),
    );
    if (page.previousId !== undefined) {
      const after = rows.findIndex((row) => Number(row.id) === page.previousId);
      const rest =
        after >= 0
          ? rows.slice(after + 1)
          : rows.filter((row) =>
              page.order === 'desc' ? Number(row.id) < page.previousId! : Number(row.id) > page.previousId!,
            );
      return paged(rest.slice(0, page.pageSize).map(toWire), rest.length, page);
    }
    return paged(rows.slice(page.offset, page.offset + page.pageSize).map(toWire), rows.length, page);
  }

  async get(companyId: number, id: number): Promise<BankAccountWire> {
    const row = await store.getAccount(this.#ctx.db, companyId, id);
    if (!row) throw notFound('Bank account');
    return toWire(row);
  }

  /** The rules of an account body; every failure is reported together. Returns the normalized body. */
  async #check(
    db: Db,
    companyId: number,
    body: BankAccountWire,
    connection: string,
    violations: Violations,
  ): Promise<BankAccountWire> {
    const iban = electronicFormatIBAN(body.iban) ?? '';
    if (!isValidIBAN(iban)) violations.add('INVALID_IBAN', 'iban');
    const bic = body.bic?.replace(/\s/g, '').toUpperCase();
    if (bic !== undefined) {
      if (!isValidBIC(bic)) violations.add('INVALID_BIC', 'bic');
      else if (isValidIBAN(iban) && extractBIC(bic).countryCode !== extractIBAN(iban).countryCode)
        violations.add('BIC_COUNTRY_DOES_NOT_MATCH_IBAN', 'bic');
    }
    const normalized: BankAccountWire = { ...body, iban, bic };
    if (body.status === 'INACTIVE') {
      // an inactive account has every property off
      for (const flag of [
        ...PAYMENT_FLAGS,
        'defaultForInvoice',
        'defaultForPayment',
        'showAccountOnInvoice',
        'withholdingTax',
      ] as const) {
        if (flag in normalized || flag.startsWith('allow') || flag.startsWith('default'))
          (normalized as Json)[flag] = false;
      }
    }
    if (connection === 'OLD_CONNECTION') {
      for (const flag of PAYMENT_FLAGS)
        if (normalized[flag] === true) violations.add('PAYMENT_FLAGS_NOT_ALLOWED_ON_OLD_BANK_CONNECTION', flag);
    }
    if (normalized.allowPayments && !normalized.bankingCode) {
      const company = await this.#ctx.companies.company(db, companyId);
      if (company?.country === 'SWEDEN') violations.add('BANKING_CODE_REQUIRED_FOR_PAYMENTS', 'bankingCode');
    }
    await checkAccountRefs(db, companyId, [{ field: 'ledgerAccount', number: body.ledgerAccount }], violations);
    return normalized;
  }

  #row(
    companyId: number,
    id: number,
    body: BankAccountWire,
    connection: string,
    created: string,
    version: string,
  ): store.BankAccountRow {
    const {
      id: _id,
      accountNumber: _a,
      iban,
      currency,
      status,
      defaultForInvoice,
      defaultForPayment,
      bankConnection: _c,
      created: _cr,
      version: _v,
      ...data
    } = body;
    return {
      company_id: companyId,
      id,
      iban,
      currency,
      status,
      default_for_invoice: defaultForInvoice,
      default_for_payment: defaultForPayment,
      connection,
      data: JSON.stringify(data),
      created,
      version,
    };
  }

  async #defaults(trx: Db, row: store.BankAccountRow): Promise<void> {
    if (row.default_for_invoice) await store.clearDefault(trx, row.company_id, row.id, 'default_for_invoice');
    if (row.default_for_payment) await store.clearDefault(trx, row.company_id, row.id, 'default_for_payment');
  }

  async create(companyId: number, body: BankAccountWire): Promise<BankAccountWire> {
    return insertOrUpdateTransaction(this.#ctx.db, async (trx) => {
      const connection = body.bankConnection ?? 'WEB_SERVICES';
      const violations = new Violations();
      const normalized = await this.#check(trx, companyId, body, connection, violations);
      if (violations.empty && (await store.accountByIban(trx, companyId, normalized.iban)))
        violations.add('BANK_ACCOUNT_EXISTS', 'iban');
      violations.throwIfAny();
      const now = this.#ctx.clock.now();
      const row = this.#row(
        companyId,
        await allocateId(trx, companyId, 'bank_accounts'),
        normalized,
        connection,
        isoDateTime(now).slice(0, 19),
        nextVersion(now),
      );
      await store.insertAccount(trx, row);
      await this.#defaults(trx, row);
      return toWire(row);
    });
  }

  /** PUT: overwrites the account. IBAN, currency and bank connection cannot change; a stale version is refused. */
  async replace(companyId: number, id: number, body: BankAccountWire): Promise<BankAccountWire> {
    return this.#ctx.db.transaction().execute(async (trx) => {
      const row = await store.getAccount(trx, companyId, id);
      if (!row) throw notFound('Bank account');
      const current = toWire(row) as Json;
      checkReadOnly(body, current, ['id', 'accountNumber', 'version', 'created', 'bankConnection']);
      const violations = new Violations();
      if ((electronicFormatIBAN(body.iban) ?? body.iban) !== row.iban)
        violations.add('BANK_ACCOUNT_IBAN_CANNOT_BE_CHANGED', 'iban');
      if (body.currency !== row.currency) violations.add('BANK_ACCOUNT_CURRENCY_CANNOT_BE_CHANGED', 'currency');
      const normalized = await this.#check(trx, companyId, body, row.connection, violations);
      violations.throwIfAny();
      const updated = this.#row(
        companyId,
        id,
        normalized,
        row.connection,
        row.created,
        nextVersion(this.#ctx.clock.now(), row.version),
      );
      await staleUnlessWritten(store.updateAccount(trx, updated, row.version));
      await this.#defaults(trx, updated);
      return toWire(updated);
    });
  }
}
