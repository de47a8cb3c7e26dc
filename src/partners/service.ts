// Rules of business partners, persons, partner groups, default products and accounts, factoring contracts.
import { isValidIBAN, electronicFormatIBAN } from 'ibantools';
import { Decimal } from '../domain/decimal.ts';
import { allocateId, type Db } from '../db/index.ts';
import type { AppContext } from '../platform/context.ts';
import { ApiError, apiError, notFound, Violations, type ErrorItem } from '../platform/errors.ts';
import { checkReadOnly, compact, mergePatch } from '../platform/resource.ts';
import { lockedWrite } from '../platform/lock.ts';
import { nextVersion } from '../platform/clock.ts';
import { paged, type PageRequest, type Paged } from '../platform/paging.ts';
import { compileBodyCheck } from '../platform/validation.ts';
import { parseJson, stringifyJson } from '../platform/json.ts';
import type { Rights } from '../platform/rights.ts';
import { parseIdList } from '../platform/batch.ts';
import type { NewMember } from '../platform/area.ts';
import { isFinnishBusinessId } from '../domain/business-id.ts';
import { getProducts, productToWire, type ProductWire } from '../products/index.ts';
import {
  notifyPartnerDefaultDimensionChanged,
  type DefaultDimensionWire,
  type DefaultOwner,
  type DimensionService,
} from '../dimensions/index.ts';
import { accountNames, checkAccountRefs, type AccountRef } from '../accounts/index.ts';
import { identity } from '../auth/index.ts';
import {
  BusinessPartner,
  PERSON_LANGUAGES,
  type DefaultAccountsWire,
  type DefaultProductInputWire,
  type BasicFactoringContractWire,
  type FactoringContractWire,
  type PartnerBasicWire,
  type PartnerGroupWire,
  type PartnerWire,
  type PersonAddressWire,
  type PersonBasicWire,
  type PersonalDetailsWire,
  type PersonWire,
} from './schemas.ts';
import { accessibleTypes, requireAccess, requireLeaf, mayAccess } from './rights.ts';
import * as store from './store.ts';
import type { PartnerType } from './store.ts';

type Json = Record<string, unknown>;

const checkPartner = compileBodyCheck(BusinessPartner);

/** Partner-only extras of a PERSON partner, kept beside the partner data. */
interface PersonExtras {
  firstName?: string;
  lastName: string;
  jobTitle?: string;
  homeCountryAddress?: Json;
  personNumber?: string;
  dateOfBirth?: string;
  gender?: 'FEMALE' | 'MALE' | 'NOT_APPLICABLE';
  homeCountryPersonId?: string;
  /** Post office box of the delivery address (a partner address has none). */
  deliveryPostOfficeBox?: string;
}

/** A person's address as the partner's: the post office box is kept apart, the partner's name line stays. */
function partnerAddress(address: PersonAddressWire | undefined, previous: Json | undefined): Json | undefined {
  if (!address) return undefined;
  const { postOfficeBox: _box, ...rest } = address;
  const result = compact({ name: previous?.name as string | undefined, ...rest });
  return Object.keys(result).length > 0 ? result : undefined;
}

/** A stored address as a person's address: without the partner's name line. */
function personAddress(address: Json | undefined, postOfficeBox?: string): PersonAddressWire | undefined {
  const { name: _name, ...rest } = address ?? {};
  const result = compact({ ...rest, postOfficeBox: postOfficeBox ?? (rest.postOfficeBox as string | undefined) });
  return Object.keys(result).length > 0 ? result : undefined;
}

// An address free of special characters: letters, digits and . _ % + - before the @, a dotted domain after it.
const BCC_ADDRESS = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;

function readJson<T>(text: string | null): T | undefined {
  return text === null ? undefined : (parseJson(text) as T);
}

export interface DefaultProductWire {
  id: number;
  productInfo: ProductWire;
  defaultSettings?: Json;
  validityPeriods?: Json[];
}

export class PartnerService {
  readonly #ctx: AppContext;
  readonly #dimensions: DimensionService;
  constructor(ctx: AppContext, dimensions: DimensionService) {
    this.#ctx = ctx;
    this.#dimensions = dimensions;
  }

  get #db(): Db {
    return this.#ctx.db;
  }

  #now(): Date {
    return this.#ctx.clock.now();
  }

  /** Creates the person of a user who joined the company and links the membership to it (User.partnerId). */
  async createPersonForMember(db: Db, member: NewMember): Promise<number> {
    const existing = await store.partnerIdOfUser(db, member.companyId, member.userId);
    if (existing) return existing;
    const body = compact({
      type: 'PERSON',
      name: `${member.firstName} ${member.lastName}`.trim(),
      invoicingInfo: member.email ? { email: member.email } : undefined,
    }) as unknown as PartnerWire;
    const id = await this.#insert(db, member.companyId, body, {
      firstName: member.firstName,
      lastName: member.lastName,
      gender: 'NOT_APPLICABLE',
    });
    await identity.updateMembership(db, member.companyId, member.userId, { partner_id: id });
    return id;
  }

  // ---- representation ----

  #toWire(row: store.PartnerRow, groups: store.PartnerGroupRow[]): PartnerWire {
    const data = readJson<Json>(row.data) ?? {};
    const registry = { ...((data.registryInfo as Json | undefined) ?? {}) };
    registry.active = Boolean(row.active);
    if (groups.length > 0)
      registry.partnerGroups = groups.map((g) => ({
        id: Number(g.id),
        name: g.name,
        type: g.type,
        active: Boolean(g.active),
      }));
    return compact({
      id: Number(row.id),
      name: row.name,
      type: row.type as PartnerType,
      ...data,
      registryInfo: registry,
      version: row.version,
    });
  }

  async #wires(db: Db, companyId: number, rows: store.PartnerRow[]): Promise<PartnerWire[]> {
    const groups = await store.groupsOfPartners(
      db,
      companyId,
      rows.map((r) => Number(r.id)),
    );
    return rows.map((row) =>
      this.#toWire(
        row,
        groups.filter((g) => Number(g.partner_id) === Number(row.id)),
      ),
    );
  }

  async #wire(db: Db, companyId: number, row: store.PartnerRow): Promise<PartnerWire> {
    return (await this.#wires(db, companyId, [row]))[0];
  }

  // ---- rules ----

  /** Every rule of a partner body that needs the database; all failures reported together. */
  async #check(db: Db, companyId: number, body: PartnerWire, violations = new Violations()): Promise<number[]> {
    const invoicing = body.invoicingInfo;
    const main = invoicing?.email?.trim().toLowerCase();
    (invoicing?.bccAddresses ?? []).forEach((address, i) => {
      const field = `invoicingInfo.bccAddresses[${i}]`;
      if (!BCC_ADDRESS.test(address)) violations.add('BCC_ADDRESS_INVALID', field);
      else if (main && address.trim().toLowerCase() === main) violations.add('BCC_ADDRESS_EQUALS_MAIN_ADDRESS', field);
    });
    const groupRefs = body.registryInfo?.partnerGroups ?? [];
    const groupIds = groupRefs.flatMap((g) => (g.id === undefined ? [] : [g.id]));
    const groups = new Map((await store.getGroups(db, companyId, groupIds)).map((g) => [Number(g.id), g]));
    groupRefs.forEach((ref, i) => {
      const group = ref.id === undefined ? undefined : groups.get(ref.id);
      if (ref.id === undefined) violations.add('REQUIRED_FIELD_MISSING', `registryInfo.partnerGroups[${i}].id`);
      else if (!group) violations.add('PARTNER_GROUP_NOT_FOUND', `registryInfo.partnerGroups[${i}].id`);
      else if (group.type !== body.type)
        violations.add('PARTNER_GROUP_TYPE_MISMATCH', `registryInfo.partnerGroups[${i}].id`);
    });
    const contractId = body.paymentInfo?.factoringContractId;
    if (
      contractId !== undefined &&
      contractId !== null &&
      !(await store.getFactoringContract(db, companyId, contractId))
    ) {
      violations.add('FACTORING_CONTRACT_NOT_FOUND', 'paymentInfo.factoringContractId');
    }
    const parent = body.additionalInfo;
    if (parent?.parentCompanyId && !parentCompanyIdValid(parent.parentCompanyIdType, parent.parentCompanyId)) {
      violations.add('ERROR_BRN_CODE', 'additionalInfo.parentCompanyId');
    }
    const account = body.paymentInfo?.bankAccount;
    if (
      account &&
      /^[A-Za-z]{2}[0-9]{2}/.test(account.replace(/\s/g, '')) &&
      !isValidIBAN(electronicFormatIBAN(account) ?? '')
    ) {
      violations.add('INVALID_IBAN', 'paymentInfo.bankAccount');
    }
    violations.throwIfAny();
    return groupIds;
  }

  #toRow(
    companyId: number,
    id: number,
    body: PartnerWire,
    version: string,
    previous?: store.PartnerRow,
    person?: PersonExtras | null,
  ): store.PartnerRow {
    // attachments are read-only and, with no upload yet, always none: nothing to keep
    const { id: _id, name, type, version: _v, registryInfo, attachments: _attachments, ...rest } = body;
    const registry: Json = { ...(registryInfo ?? {}) };
    const active = registry.active === undefined ? true : Boolean(registry.active);
    delete registry.active;
    delete registry.partnerGroups;
    const data: Json = { ...rest };
    if (Object.keys(registry).length > 0) data.registryInfo = registry;
    const contractId = body.paymentInfo?.factoringContractId;
    return {
      company_id: companyId,
      id,
      type,
      name,
      active,
      customer_number: body.invoicingInfo?.customerNumber ?? null,
      identifier: body.invoicingInfo?.identifier ?? null,
      identifier_type: body.invoicingInfo?.identifierType ?? null,
      factoring_contract_id: contractId ?? null,
      main_group: body.additionalInfo?.group || null,
      data: stringifyJson(compact(data)),
      person:
        person === undefined
          ? (previous?.person ?? null)
          : person === null
            ? null
            : stringifyJson(compact({ ...person })),
      default_accounts: previous?.default_accounts ?? null,
      version,
    };
  }

  async #insert(db: Db, companyId: number, body: PartnerWire, person?: PersonExtras): Promise<number> {
    const groupIds = await this.#check(db, companyId, body);
    const id = await allocateId(db, companyId, 'business_partners');
    const extras =
      body.type === 'PERSON' ? (person ?? { lastName: body.name, gender: 'NOT_APPLICABLE' as const }) : null;
    await store.insertPartner(db, this.#toRow(companyId, id, body, nextVersion(this.#now()), undefined, extras));
    await store.setPartnerGroups(db, companyId, id, groupIds);
    return id;
  }

  // ---- business partners ----

  async create(companyId: number, rights: Rights, body: PartnerWire): Promise<PartnerWire> {
    requireAccess(rights, body.type, 'edit');
    return this.#db.transaction().execute(async (trx) => {
      const id = await this.#insert(trx, companyId, body);
      return this.#wire(trx, companyId, (await store.getPartner(trx, companyId, id))!);
    });
  }

  /** Batch GET: the partners the caller may see; a single id of a register the caller lacks is 403. */
  async get(companyId: number, rights: Rights, segment: string): Promise<PartnerWire | PartnerWire[]> {
    const { ids, many } = parseIdList(segment);
    const rows = await store.getPartners(this.#db, companyId, ids, ['CUSTOMER', 'SUPPLIER', 'PERSON']);
    if (rows.length === 0) throw notFound('Business partner');
    if (!many) requireAccess(rights, rows[0].type as PartnerType, 'view');
    const visible = rows.filter((r) => mayAccess(rights, r.type as PartnerType, 'view'));
    if (visible.length === 0) throw notFound('Business partner');
    const wires = await this.#wires(this.#db, companyId, visible);
    return many ? wires : wires[0];
  }

  async search(
    companyId: number,
    rights: Rights,
    search: Omit<store.PartnerSearch, 'types'> & { type?: PartnerType },
    page: PageRequest,
  ): Promise<Paged<PartnerBasicWire>> {
    const types = search.type ? [search.type] : accessibleTypes(rights, 'view');
    if (search.type) requireAccess(rights, search.type, 'view');
    if (types.length === 0) requireAccess(rights, 'CUSTOMER', 'view');
    const { rows, total } = await store.searchPartners(this.#db, companyId, { ...search, types }, page);
    return paged(
      rows.map((row) => this.#basic(row)),
      total,
      page,
    );
  }

  #basic(row: store.PartnerRow): PartnerBasicWire {
    const data = readJson<Json>(row.data) ?? {};
    const invoicing = compact({
      customerNumber: row.customer_number ?? undefined,
      identifier: row.identifier ?? undefined,
      identifierType: row.identifier_type ?? undefined,
    });
    return compact({
      id: Number(row.id),
      name: row.name,
      type: row.type as PartnerType,
      billingAddress: data.billingAddress as PartnerBasicWire['billingAddress'],
      invoicingInfo: Object.keys(invoicing).length > 0 ? invoicing : undefined,
      registryInfo: { active: Boolean(row.active) },
      version: row.version,
    });
  }

  async #load(
    db: Db,
    companyId: number,
    id: number,
    rights: Rights,
    level: 'view' | 'edit',
    resource = 'Business partner',
  ): Promise<store.PartnerRow> {
    const row = await store.getPartner(db, companyId, id);
    if (!row) throw notFound(resource);
    requireAccess(rights, row.type as PartnerType, level);
    return row;
  }

  /** Stores `body` as the new state of a partner, under the version lock. */
  async #store(
    trx: Db,
    companyId: number,
    row: store.PartnerRow,
    body: PartnerWire,
    violations: Violations,
  ): Promise<PartnerWire> {
    if (body.type !== row.type) violations.add('PARTNER_TYPE_CANNOT_BE_CHANGED', 'type');
    const groupIds = await this.#check(trx, companyId, body, violations);
    const updated = this.#toRow(companyId, Number(row.id), body, nextVersion(this.#now(), row.version), row);
    await lockedWrite(store.updatePartner(trx, updated, row.version));
    await store.setPartnerGroups(trx, companyId, Number(row.id), groupIds);
    return this.#wire(trx, companyId, updated);
  }

  /** PUT: overwrites every field; optional fields left out are removed. */
  async replace(companyId: number, rights: Rights, id: number, body: PartnerWire): Promise<PartnerWire> {
    return this.#db.transaction().execute(async (trx) => {
      const row = await this.#load(trx, companyId, id, rights, 'edit');
      checkReadOnly(body, this.#toWire(row, []), ['id', 'version']);
      return this.#store(trx, companyId, row, body, new Violations());
    });
  }

  /** PATCH: JSON merge patch; `version` is required (body or query). */
  async patch(companyId: number, rights: Rights, id: number, patch: Json, queryVersion?: string): Promise<PartnerWire> {
    return this.#db.transaction().execute(async (trx) => {
      const row = await this.#load(trx, companyId, id, rights, 'edit');
      const current = await this.#wire(trx, companyId, row);
      const sent = (patch.version as string | undefined) ?? queryVersion;
      checkReadOnly({ ...patch, version: sent }, current, ['id', 'version']);
      const { partnerGroups: _groups, ...registry } = (current.registryInfo ?? {}) as Json;
      const base: Json = {
        ...current,
        registryInfo: { ...registry, partnerGroups: current.registryInfo?.partnerGroups?.map((g) => ({ id: g.id })) },
      };
      if (!(base.registryInfo as Json).partnerGroups) delete (base.registryInfo as Json).partnerGroups;
      const merged = mergePatch(base, { ...patch, version: null }) as Json;
      delete merged.id;
      const problems: ErrorItem[] = checkPartner(merged);
      if (problems.length > 0) throw new ApiError(problems);
      return this.#store(trx, companyId, row, merged as unknown as PartnerWire, new Violations());
    });
  }

  // ---- default dimensions, products, accounts of a partner ----

  partnerOwner(companyId: number, id: number, rights: Rights, level: 'view' | 'edit'): DefaultOwner {
    return {
      type: 'PARTNER',
      id,
      resource: 'Business partner',
      exists: async (db) => {
        const row = await store.getPartner(db, companyId, id);
        if (!row) return false;
        requireAccess(rights, row.type as PartnerType, level);
        return true;
      },
      // the payroll extension point: salary-base dimensions of an employee linked to this partner
      afterWrite: (trx, dimensionId, items) =>
        notifyPartnerDefaultDimensionChanged(trx, { companyId, partnerId: id, dimensionId, items }),
    };
  }

  personOwner(companyId: number, id: number): DefaultOwner {
    return {
      type: 'PERSON',
      id,
      resource: 'Person',
      exists: async (db) => (await store.getPartner(db, companyId, id))?.type === 'PERSON',
    };
  }

  listPartnerDefaultDimensions(companyId: number, rights: Rights, id: number): Promise<DefaultDimensionWire[]> {
    return this.#dimensions.listDefaults(companyId, this.partnerOwner(companyId, id, rights, 'view'));
  }

  getPartnerDefaultDimension(
    companyId: number,
    rights: Rights,
    id: number,
    dimensionId: number,
  ): Promise<DefaultDimensionWire> {
    return this.#dimensions.getDefault(companyId, this.partnerOwner(companyId, id, rights, 'view'), dimensionId);
  }

  putPartnerDefaultDimension(
    companyId: number,
    rights: Rights,
    id: number,
    dimensionId: number,
    body: DefaultDimensionWire,
  ): Promise<DefaultDimensionWire> {
    return this.#dimensions.putDefault(companyId, this.partnerOwner(companyId, id, rights, 'edit'), dimensionId, body);
  }

  async getDefaultAccounts(companyId: number, rights: Rights, id: number): Promise<DefaultAccountsWire> {
    requireLeaf(rights, 'purchases.supplierRegister', 'view');
    const row = await this.#load(this.#db, companyId, id, rights, 'view');
    if (row.type === 'PERSON') throw notFound('Business partner');
    return this.#namedAccounts(this.#db, companyId, readJson<DefaultAccountsWire>(row.default_accounts) ?? {});
  }

  /** PUT: replaces the default accounts; every account code must be an active account of the chart (all failures together). */
  async putDefaultAccounts(
    companyId: number,
    rights: Rights,
    id: number,
    body: DefaultAccountsWire,
  ): Promise<DefaultAccountsWire> {
    requireLeaf(rights, 'purchases.supplierRegister', 'edit');
    return this.#db.transaction().execute(async (trx) => {
      const row = await this.#load(trx, companyId, id, rights, 'edit');
      if (row.type === 'PERSON') throw notFound('Business partner');
      const violations = new Violations();
      await checkAccountRefs(trx, companyId, defaultAccountRefs(body), violations);
      violations.throwIfAny();
      const updated = { ...row, default_accounts: stringifyJson(body), version: nextVersion(this.#now(), row.version) };
      await lockedWrite(store.updatePartner(trx, updated, row.version));
      return this.#namedAccounts(trx, companyId, readJson<DefaultAccountsWire>(updated.default_accounts)!);
    });
  }

  /** Default accounts as answered: each account carries the name it has in the chart (the name sent is not kept). */
  async #namedAccounts(db: Db, companyId: number, accounts: DefaultAccountsWire): Promise<DefaultAccountsWire> {
    const refs = defaultAccountRefs(accounts);
    const names = await accountNames(
      db,
      companyId,
      refs.map((r) => r.number ?? ''),
    );
    for (const group of DEFAULT_ACCOUNT_GROUPS) {
      for (const kind of DEFAULT_ACCOUNT_KINDS) {
        const account = accounts[group]?.[kind];
        const name = account?.code === undefined ? undefined : names.get(account.code);
        if (account && name !== undefined) account.name = name;
      }
    }
    return accounts;
  }

  async #defaultProducts(db: Db, companyId: number, partnerId: number): Promise<DefaultProductWire[]> {
    const rows = await store.defaultProducts(db, companyId, partnerId);
    if (rows.length === 0) return [];
    const products = new Map(
      (
        await getProducts(
          db,
          companyId,
          rows.map((r) => Number(r.product_id)),
        )
      ).map((p) => [Number(p.id), p]),
    );
    return rows.flatMap((r) => {
      const product = products.get(Number(r.product_id));
      if (!product) return []; // the product was deleted since
      return [
        compact({
          id: Number(r.id),
          productInfo: productToWire(product),
          defaultSettings: readJson<Json>(r.settings),
          validityPeriods: readJson<Json[]>(r.validity_periods),
        }),
      ];
    });
  }

  async getDefaultProducts(companyId: number, rights: Rights, id: number): Promise<DefaultProductWire[]> {
    await this.#load(this.#db, companyId, id, rights, 'view');
    return this.#defaultProducts(this.#db, companyId, id);
  }

  async putDefaultProducts(
    companyId: number,
    rights: Rights,
    id: number,
    body: DefaultProductInputWire[],
  ): Promise<DefaultProductWire[]> {
    return this.#db.transaction().execute(async (trx) => {
      await this.#load(trx, companyId, id, rights, 'edit');
      const known = new Set(
        body.length === 0
          ? []
          : (
              await getProducts(
                trx,
                companyId,
                body.map((b) => b.productId),
              )
            ).map((p) => Number(p.id)),
      );
      const violations = new Violations();
      body.forEach((item, i) => {
        if (!known.has(item.productId)) violations.add('PRODUCT_NOT_FOUND', `[${i}].productId`);
        for (const [j, period] of (item.validityPeriods ?? []).entries()) {
          if (period.startDate && period.endDate && period.startDate > period.endDate)
            violations.add('START_DATE_AFTER_END_DATE', `[${i}].validityPeriods[${j}].endDate`);
        }
      });
      violations.throwIfAny();
      const rows: store.DefaultProductRow[] = [];
      for (const [position, item] of body.entries()) {
        rows.push({
          company_id: companyId,
          id: await allocateId(trx, companyId, 'partner_default_products'),
          partner_id: id,
          product_id: item.productId,
          position,
          settings: item.defaultSettings ? stringifyJson(item.defaultSettings) : null,
          validity_periods: item.validityPeriods ? stringifyJson(item.validityPeriods) : null,
        });
      }
      await store.replaceDefaultProducts(trx, companyId, id, rows);
      return this.#defaultProducts(trx, companyId, id);
    });
  }

  // ---- persons ----

  #personWire(row: store.PartnerRow, groups: store.PartnerGroupRow[]): PersonWire {
    const data = readJson<Json>(row.data) ?? {};
    const person = readJson<PersonExtras>(row.person) ?? { lastName: row.name };
    const payment = (data.paymentInfo as Json | undefined) ?? {};
    const invoicing = (data.invoicingInfo as Json | undefined) ?? {};
    const registry = (data.registryInfo as Json | undefined) ?? {};
    const additional = (data.additionalInfo as Json | undefined) ?? {};
    const language = PERSON_LANGUAGES.includes(invoicing.language as never)
      ? (invoicing.language as PersonWire['invoicingInfo']['language'])
      : 'FINNISH';
    return compact({
      id: Number(row.id),
      firstName: person.firstName,
      lastName: person.lastName,
      jobTitle: person.jobTitle,
      deliveryAddress: personAddress(data.deliveryAddress as Json | undefined, person.deliveryPostOfficeBox),
      homeCountryAddress: personAddress(person.homeCountryAddress),
      paymentInfo: compact({
        paymentMethod: (payment.paymentMethod ?? 'BANK_TRANSFER') as PersonWire['paymentInfo']['paymentMethod'],
        accountNumber: payment.bankAccount as string | undefined,
        bic: payment.bic as string | undefined,
        clearingCode: payment.clearingCode as string | undefined,
        paymentTermDays: (payment.paymentTermDays ?? '14') as string,
        paymentTermPercentage: payment.paymentTermPercentage as Decimal | undefined,
        penalInterestRate: (payment.penalInterestRate ?? new Decimal(0)) as Decimal,
        discountPercentage: payment.discountPercentage as Decimal | undefined,
      }),
      invoicingInfo: compact({
        personNumber: person.personNumber,
        identifier: invoicing.identifier as string | undefined,
        identifierType: invoicing.identifierType as string | undefined,
        dateOfBirth: person.dateOfBirth,
        language,
        gender: person.gender ?? 'NOT_APPLICABLE',
        homeCountryPersonId: person.homeCountryPersonId,
      }),
      registryInfo: compact({
        active: Boolean(row.active),
        email: invoicing.email as string | undefined,
        phone: registry.phone as string | undefined,
        mobilePhone: registry.mobilePhone as string | undefined,
        fax: registry.fax as string | undefined,
        contactPerson: invoicing.contactPerson as string | undefined,
        defaultReference: additional.defaultReference as string | undefined,
        section: registry.section as string | undefined,
        personGroupsIds: groups.length > 0 ? groups.map((g) => Number(g.id)) : undefined,
        reportGroupId: registry.reportGroupId as number | undefined,
        homeMunicipality: registry.homeMunicipality as string | undefined,
      }),
      version: row.version,
    });
  }

  async getPersons(companyId: number, segment: string): Promise<PersonWire | PersonWire[]> {
    const { ids, many } = parseIdList(segment);
    const rows = await store.getPartners(this.#db, companyId, ids, ['PERSON']);
    if (rows.length === 0) throw notFound('Person');
    const groups = await store.groupsOfPartners(
      this.#db,
      companyId,
      rows.map((r) => Number(r.id)),
    );
    const wires = rows.map((r) =>
      this.#personWire(
        r,
        groups.filter((g) => Number(g.partner_id) === Number(r.id)),
      ),
    );
    return many ? wires : wires[0];
  }

  /** PUT /persons/{id}: overwrites the person's fields; fields only a business partner has are kept. */
  async replacePerson(companyId: number, id: number, body: PersonWire): Promise<PersonWire> {
    return this.#db.transaction().execute(async (trx) => {
      const row = await store.getPartner(trx, companyId, id);
      if (!row || row.type !== 'PERSON') throw notFound('Person');
      const groups = await store.groupsOfPartners(trx, companyId, [id]);
      checkReadOnly(body, this.#personWire(row, groups), ['id', 'version']);
      return this.#writePerson(trx, companyId, row, body);
    });
  }

  /** POST /persons: a new person of the person register (a business partner of type PERSON). */
  async createPerson(companyId: number, body: PersonWire): Promise<PersonWire> {
    return this.#db.transaction().execute(async (trx) => {
      const name = [body.firstName, body.lastName].filter(Boolean).join(' ');
      const draft: PartnerWire = { type: 'PERSON', name };
      const id = await this.#insert(trx, companyId, draft, {
        lastName: body.lastName,
        gender: body.invoicingInfo.gender,
      });
      const { id: _id, version: _version, ...fields } = body;
      return this.#writePerson(trx, companyId, (await store.getPartner(trx, companyId, id))!, fields);
    });
  }

  /** Writes a person's fields over its partner row (inside the caller's transaction); all failures reported together. */
  async #writePerson(trx: Db, companyId: number, row: store.PartnerRow, body: PersonWire): Promise<PersonWire> {
    const id = Number(row.id);
    const partner = this.#toWire(row, []) as unknown as Json;
    const payment = compact({
      ...((partner.paymentInfo as Json | undefined) ?? {}),
      paymentMethod: body.paymentInfo.paymentMethod,
      bankAccount: body.paymentInfo.accountNumber,
      bic: body.paymentInfo.bic,
      clearingCode: body.paymentInfo.clearingCode,
      paymentTermDays: body.paymentInfo.paymentTermDays,
      paymentTermPercentage: body.paymentInfo.paymentTermPercentage,
      penalInterestRate: body.paymentInfo.penalInterestRate,
      discountPercentage: body.paymentInfo.discountPercentage,
    });
    const invoicing = compact({
      ...((partner.invoicingInfo as Json | undefined) ?? {}),
      identifier: body.invoicingInfo.identifier,
      identifierType: body.invoicingInfo.identifierType,
      language: body.invoicingInfo.language,
      email: body.registryInfo.email,
      contactPerson: body.registryInfo.contactPerson,
    });
    const additional = compact({
      ...((partner.additionalInfo as Json | undefined) ?? {}),
      defaultReference: body.registryInfo.defaultReference,
    });
    const registry = compact({
      ...((partner.registryInfo as Json | undefined) ?? {}),
      active: body.registryInfo.active,
      phone: body.registryInfo.phone,
      mobilePhone: body.registryInfo.mobilePhone,
      fax: body.registryInfo.fax,
      section: body.registryInfo.section,
      reportGroupId: body.registryInfo.reportGroupId,
      homeMunicipality: body.registryInfo.homeMunicipality,
      partnerGroups: (body.registryInfo.personGroupsIds ?? []).map((groupId) => ({ id: groupId })),
    });
    const next = compact({
      ...partner,
      name: [body.firstName, body.lastName].filter(Boolean).join(' '),
      deliveryAddress: partnerAddress(body.deliveryAddress, partner.deliveryAddress as Json | undefined),
      paymentInfo: payment,
      invoicingInfo: invoicing,
      additionalInfo: Object.keys(additional).length > 0 ? additional : undefined,
      registryInfo: registry,
    }) as unknown as PartnerWire;
    const violations = new Violations();
    // group failures are reported on the Person's own field
    const groupIds = await this.#check(
      trx,
      companyId,
      { ...next, registryInfo: { ...next.registryInfo, partnerGroups: [] } },
      violations,
    );
    void groupIds;
    const personGroups = await store.getGroups(
      trx,
      companyId,
      (body.registryInfo.personGroupsIds ?? []).filter(Number.isInteger),
    );
    (body.registryInfo.personGroupsIds ?? []).forEach((groupId, i) => {
      const group = personGroups.find((g) => Number(g.id) === groupId);
      if (!group) violations.add('PARTNER_GROUP_NOT_FOUND', `registryInfo.personGroupsIds[${i}]`);
      else if (group.type !== 'PERSON')
        violations.add('PARTNER_GROUP_TYPE_MISMATCH', `registryInfo.personGroupsIds[${i}]`);
    });
    violations.throwIfAny();
    const extras: PersonExtras = compact({
      firstName: body.firstName,
      lastName: body.lastName,
      jobTitle: body.jobTitle,
      homeCountryAddress: body.homeCountryAddress,
      personNumber: body.invoicingInfo.personNumber,
      dateOfBirth: body.invoicingInfo.dateOfBirth,
      gender: body.invoicingInfo.gender,
      homeCountryPersonId: body.invoicingInfo.homeCountryPersonId,
      deliveryPostOfficeBox: body.deliveryAddress?.postOfficeBox,
    });
    const updated = this.#toRow(companyId, id, next, nextVersion(this.#now(), row.version), row, extras);
    await lockedWrite(store.updatePartner(trx, updated, row.version));
    await store.setPartnerGroups(trx, companyId, id, body.registryInfo.personGroupsIds ?? []);
    return this.#personWire(updated, await store.groupsOfPartners(trx, companyId, [id]));
  }

  /** GET /persons: the persons of the register, by person number, main group or person group; active ones unless asked. */
  async searchPersons(
    companyId: number,
    search: store.PersonSearch,
    page: PageRequest,
  ): Promise<Paged<PersonBasicWire>> {
    // the person number is kept with the person's own fields, so it is matched here rather than in SQL
    const rows = (await store.searchPersons(this.#db, companyId, search, page.order)).filter(
      (row) =>
        search.personNumber === undefined || readJson<PersonExtras>(row.person)?.personNumber === search.personNumber,
    );
    return paged(
      rows.slice(page.offset, page.offset + page.pageSize).map((row) => this.#personBasic(row)),
      rows.length,
      page,
    );
  }

  #personBasic(row: store.PartnerRow): PersonBasicWire {
    const person = readJson<PersonExtras>(row.person) ?? { lastName: row.name };
    const address = personAddress(readJson<Json>(row.data)?.deliveryAddress as Json | undefined);
    const invoicing = compact({
      personNumber: person.personNumber,
      identifier: row.identifier ?? undefined,
      identifierType: row.identifier_type ?? undefined,
    });
    return compact({
      id: Number(row.id),
      lastName: person.lastName,
      firstName: person.firstName,
      deliveryAddress:
        address && compact({ street: address.street, zip: address.zip, city: address.city, country: address.country }),
      invoicingInfo: Object.keys(invoicing).length > 0 ? invoicing : undefined,
      registryInfo: { active: Boolean(row.active) },
    });
  }

  async getPersonDefaultProducts(companyId: number, id: number): Promise<DefaultProductWire[]> {
    const row = await store.getPartner(this.#db, companyId, id);
    if (row?.type !== 'PERSON') throw notFound('Person');
    return this.#defaultProducts(this.#db, companyId, id);
  }

  listPersonDefaultDimensions(companyId: number, id: number): Promise<DefaultDimensionWire[]> {
    return this.#dimensions.listDefaults(companyId, this.personOwner(companyId, id));
  }

  getPersonDefaultDimension(companyId: number, id: number, dimensionId: number): Promise<DefaultDimensionWire> {
    return this.#dimensions.getDefault(companyId, this.personOwner(companyId, id), dimensionId);
  }

  putPersonDefaultDimension(
    companyId: number,
    id: number,
    dimensionId: number,
    body: DefaultDimensionWire,
  ): Promise<DefaultDimensionWire> {
    return this.#dimensions.putDefault(companyId, this.personOwner(companyId, id), dimensionId, body);
  }

  /** The person of the calling user in this company (GET /businesspartners/personaldetails). */
  async personalDetails(companyId: number, userId: number): Promise<PersonalDetailsWire> {
    const partnerId = await store.partnerIdOfUser(this.#db, companyId, userId);
    const row = partnerId === null ? undefined : await store.getPartner(this.#db, companyId, partnerId);
    if (!row) throw notFound('Person');
    const data = readJson<Json>(row.data) ?? {};
    const person = readJson<PersonExtras>(row.person);
    const payment = (data.paymentInfo as Json | undefined) ?? {};
    const invoicing = (data.invoicingInfo as Json | undefined) ?? {};
    const bank = compact({
      accountNumber: payment.bankAccount as string | undefined,
      bic: payment.bic as string | undefined,
    });
    const paymentInfo = compact({
      paymentMethod: payment.paymentMethod as string | undefined,
      currency: payment.currency as string | undefined,
      bankAccount: Object.keys(bank).length > 0 ? bank : undefined,
      paymentTermDays: payment.paymentTermDays as string | undefined,
      paymentTermPercentage: payment.paymentTermPercentage,
      penalInterestRate: payment.penalInterestRate,
      discountPercentage: payment.discountPercentage,
      clearingCode: payment.clearingCode as string | undefined,
    });
    const basic = compact({
      customerNumber: invoicing.customerNumber as string | undefined,
      identifier: invoicing.identifier as string | undefined,
      identifierType: invoicing.identifierType as string | undefined,
    });
    return compact({
      partnerId: Number(row.id),
      firstName: person?.firstName,
      lastName: person?.lastName ?? row.name,
      language: invoicing.language,
      address: (data.address ?? data.deliveryAddress) as Json | undefined,
      paymentInfo: Object.keys(paymentInfo).length > 0 ? paymentInfo : undefined,
      invoicingInfo: Object.keys(basic).length > 0 ? basic : undefined,
    }) as unknown as PersonalDetailsWire;
  }

  // ---- partner groups ----

  async searchGroups(
    companyId: number,
    rights: Rights,
    search: { name?: string; type?: PartnerType; active?: boolean },
    page: PageRequest,
  ): Promise<Paged<PartnerGroupWire>> {
    if (search.type) requireAccess(rights, search.type, 'view');
    const types = search.type ? [search.type] : accessibleTypes(rights, 'view');
    if (types.length === 0) requireAccess(rights, 'CUSTOMER', 'view');
    const { rows, total } = await store.searchGroups(this.#db, companyId, { ...search, types }, page);
    return paged(rows.map(groupToWire), total, page);
  }

  async getGroup(companyId: number, rights: Rights, id: number): Promise<PartnerGroupWire> {
    const [row] = await store.getGroups(this.#db, companyId, [id]);
    if (!row) throw notFound('Business partner group');
    requireAccess(rights, row.type as PartnerType, 'view');
    return groupToWire(row);
  }

  async createGroup(companyId: number, rights: Rights, body: PartnerGroupWire): Promise<PartnerGroupWire> {
    requireAccess(rights, body.type, 'edit');
    return this.#db.transaction().execute(async (trx) => {
      const row: store.PartnerGroupRow = {
        company_id: companyId,
        id: await allocateId(trx, companyId, 'partner_groups'),
        name: body.name,
        type: body.type,
        active: body.active ?? true,
        version: nextVersion(this.#now()),
      };
      await store.insertGroup(trx, row);
      return groupToWire(row);
    });
  }

  async replaceGroup(companyId: number, rights: Rights, id: number, body: PartnerGroupWire): Promise<PartnerGroupWire> {
    return this.#db.transaction().execute(async (trx) => {
      const [row] = await store.getGroups(trx, companyId, [id]);
      if (!row) throw notFound('Business partner group');
      requireAccess(rights, row.type as PartnerType, 'edit');
      checkReadOnly(body, groupToWire(row), ['id']);
      if (body.type !== row.type && (await store.partnerIdsInGroup(trx, companyId, id)).length > 0)
        throw apiError('PARTNER_GROUP_TYPE_MISMATCH', 'type');
      requireAccess(rights, body.type, 'edit');
      const updated = {
        ...row,
        name: body.name,
        type: body.type,
        active: body.active ?? true,
        version: nextVersion(this.#now(), row.version),
      };
      await store.updateGroup(trx, updated);
      return groupToWire(updated);
    });
  }

  // ---- factoring contracts ----

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
      const row: store.FactoringContractRow = {
        company_id: companyId,
        id: await allocateId(trx, companyId, 'factoring_contracts'),
        environment,
        contract_number: body.contractNumber,
        status: body.status ?? 'ACTIVE',
        financing_company_id: ('financingCompany' in body && body.financingCompany.id) || null,
        data: stringifyJson({ ...rest, status: body.status ?? 'ACTIVE', financingCompanyBankAccount: iban }),
        version: nextVersion(this.#now()),
      };
      await store.insertFactoringContract(trx, row);
      return contractToWire(row);
    });
  }

  async #requireEnvironment(companyId: number, environment: 'FI' | 'SE'): Promise<void> {
    if (environment !== 'SE') return;
    const company = await this.#db
      .selectFrom('companies')
      .select('country')
      .where('company_id', '=', companyId)
      .executeTakeFirst();
    if (company?.country !== 'SWEDEN') throw apiError('SWEDISH_ENVIRONMENT_ONLY');
  }
}

/** A parent company id is checked by its type where the format is known: a Finnish business ID (YHD) or VAT number (FI). */
function parentCompanyIdValid(type: string | undefined, id: string): boolean {
  if (type === 'YHD') return isFinnishBusinessId(id.trim());
  if (type === 'FI') {
    const match = /^(?:FI)?(\d{7})(\d)$/.exec(id.replace(/\s/g, '').toUpperCase());
    return !!match && isFinnishBusinessId(`${match[1]}-${match[2]}`);
  }
  return true;
}

const DEFAULT_ACCOUNT_GROUPS = [
  'salesInvoiceAccounts',
  'purchaseInvoiceAccounts',
  'travelInvoiceAccounts',
  'expenseClaimAccounts',
  'journalAccounts',
] as const;
const DEFAULT_ACCOUNT_KINDS = ['debitAccount', 'creditAccount', 'reconciliationAccount'] as const;

/** The ledger account codes of a partner's default accounts, each with its request field. */
function defaultAccountRefs(accounts: DefaultAccountsWire): AccountRef[] {
  return DEFAULT_ACCOUNT_GROUPS.flatMap((group) =>
    DEFAULT_ACCOUNT_KINDS.map((kind) => ({ field: `${group}.${kind}.code`, number: accounts[group]?.[kind]?.code })),
  );
}

function groupToWire(row: store.PartnerGroupRow): PartnerGroupWire {
  return { id: Number(row.id), name: row.name, type: row.type as PartnerType, active: Boolean(row.active) };
}

type AnyFactoringContractWire = FactoringContractWire | BasicFactoringContractWire;

function contractToWire(row: store.FactoringContractRow): AnyFactoringContractWire {
  const data = readJson<Json>(row.data) ?? {};
  if (row.environment !== 'SE') return { id: Number(row.id), ...data } as FactoringContractWire;
  // Swedish contracts stored before they had their own shape name the financing company in an object
  const { financingCompany, ...rest } = data as Json & { financingCompany?: { name?: string } };
  return compact({
    id: Number(row.id),
    ...rest,
    financingCompanyName: (rest.financingCompanyName as string | undefined) ?? financingCompany?.name ?? '',
  }) as BasicFactoringContractWire;
}
