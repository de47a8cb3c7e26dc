// Rules of factoring contracts.
import { isValidIBAN, electronicFormatIBAN } from 'ibantools';
import type { AppContext } from '../platform/context.ts';
import { allocateId, type Db } from '../db/index.ts';
import { apiError, notFound, Violations } from '../platform/errors.ts';
import { nextVersion } from '../platform/clock.ts';
import { paged, type PageRequest, type Paged } from '../platform/paging.ts';
import { stringifyJson } from '../platform/json.ts';
import { checkAccountRefs } from '../accounts/index.ts';
import type { BasicFactoringContractWire, FactoringContractWire } from './schemas.ts';
import { contractToWire, type AnyFactoringContractWire } from './mapping.ts';
import * as store from './store.ts';

/** Factoring contracts: Finnish ones (/factoringcontracts) and the Swedish one (/se/factoringcontracts). */
export class FactoringContracts {
  readonly #ctx: AppContext;
  constructor(ctx: AppContext) {
    this.#ctx = ctx;
  }

  get #db(): Db {
    return this.#ctx.db;
  }

  #now(): Date {
    return this.#ctx.clock.now();
  }

  async searchFactoringContracts(
    companyId: number,
    page: PageRequest,
    financingCompanyId?: string,
  ): Promise<Paged<FactoringContractWire>> {
    const { rows, total } = await store.searchFactoringContracts(this.#db, companyId, 'FI', page, financingCompanyId);
    return paged(rows.map(contractToWire) as FactoringContractWire[], total, page);
  }

  /** The factoring contract of a Swedish company: its latest one (GET /se/factoringcontracts answers one contract). */
  async swedishFactoringContract(companyId: number): Promise<BasicFactoringContractWire> {
    await this.#requireEnvironment(companyId, 'SE');
    const { rows } = await store.searchFactoringContracts(this.#db, companyId, 'SE', {
      pageNumber: 0,
      pageSize: 1,
      offset: 0,
      order: 'desc',
    });
    if (rows.length === 0) throw notFound('Factoring contract');
    return contractToWire(rows[0]) as BasicFactoringContractWire;
  }

  /** FI contracts name the financing company by id and name (FactoringContract), SE ones by name only (BasicFactoringContract). */
  async createFactoringContract(
    companyId: number,
    environment: 'FI' | 'SE',
    body: AnyFactoringContractWire,
  ): Promise<AnyFactoringContractWire> {
    await this.#requireEnvironment(companyId, environment);
    const iban = electronicFormatIBAN(body.financingCompanyBankAccount) ?? '';
    return this.#db.transaction().execute(async (trx) => {
      const violations = new Violations();
      if (!isValidIBAN(iban)) violations.add('INVALID_IBAN', 'financingCompanyBankAccount');
      if ('factoringCounterAccount' in body)
        await checkAccountRefs(
          trx,
          companyId,
          [{ field: 'factoringCounterAccount', number: body.factoringCounterAccount }],
          violations,
        );
      violations.throwIfAny();
      const { id: _id, ...rest } = body;
      const row = {
        company_id: companyId,
        id: await allocateId(trx, companyId, 'factoring_contracts'),
        environment,
        contract_number: body.contractNumber,
        status: body.status ?? 'ACTIVE',
        financing_company_id: ('financingCompany' in body && body.financingCompany.id) || null,
        data: stringifyJson({ ...rest, status: body.status ?? 'ACTIVE', financingCompanyBankAccount: iban }),
        version: nextVersion(this.#now()),
      } satisfies Record<keyof store.FactoringContractRow, unknown>;
      await store.insertFactoringContract(trx, row);
      return contractToWire(row);
    });
  }

  async #requireEnvironment(companyId: number, environment: 'FI' | 'SE'): Promise<void> {
    if (environment !== 'SE') return;
    const company = await this.#ctx.companies.company(this.#db, companyId);
    if (company?.country !== 'SWEDEN') throw apiError('SWEDISH_ENVIRONMENT_ONLY');
  }
}
