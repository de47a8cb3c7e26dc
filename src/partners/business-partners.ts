// Rules of business partners (/businesspartners): the checks every partner body passes, reads and writes.
import { attachmentsOf } from '../attachments/index.ts';
import { isValidIBAN, electronicFormatIBAN } from 'ibantools';
import type { AppContext } from '../platform/context.ts';
import { allocateId, type Db } from '../db/index.ts';
import { ApiError, notFound, Violations, type ErrorItem } from '../platform/errors.ts';
import { checkReadOnly, mergePatch } from '../platform/resource.ts';
import { staleUnlessWritten } from '../platform/lock.ts';
import { nextVersion } from '../platform/clock.ts';
import { paged, type PageRequest, type Paged } from '../platform/paging.ts';
import { compileBodyCheck } from '../platform/validation.ts';
import type { Rights } from '../platform/rights.ts';
import { parseIdList } from '../platform/batch.ts';
import { isFinnishBusinessId } from '../domain/business-id.ts';
import { BusinessPartner, type PartnerBasicWire, type PartnerWire } from './schemas.ts';
import { accessibleTypes, requireAccess, mayAccess, ATTACHMENT_REFERENCE_TYPE_OF } from './rights.ts';
import { partnerBasic, partnerToRow, partnerToWire, type Json, type PersonExtras } from './mapping.ts';
import * as store from './store.ts';
import type { PartnerType } from './store.ts';

const checkPartner = compileBodyCheck(BusinessPartner);

// An address free of special characters: letters, digits and . _ % + - before the @, a dotted domain after it.
const BCC_ADDRESS = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;

/** Business partners: customers, suppliers and persons as partners (/businesspartners). */
export class BusinessPartners {
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

  async wires(db: Db, companyId: number, rows: store.PartnerRow[]): Promise<PartnerWire[]> {
    const groups = await store.groupsOfPartners(
      db,
      companyId,
      rows.map((r) => Number(r.id)),
    );
    const attachments = await attachmentsOf(
      db,
      companyId,
      Object.values(ATTACHMENT_REFERENCE_TYPE_OF),
      rows.map((r) => Number(r.id)),
    );
    return rows.map((row) => {
      const wire = partnerToWire(
        row,
        groups.filter((g) => Number(g.partner_id) === Number(row.id)),
      );
      const files = (attachments.get(Number(row.id)) ?? []).filter(
        (a) => a.referenceType === ATTACHMENT_REFERENCE_TYPE_OF[row.type as PartnerType],
      );
      return files.length > 0 ? { ...wire, attachments: files } : wire;
    });
  }

  async wire(db: Db, companyId: number, row: store.PartnerRow): Promise<PartnerWire> {
    return (await this.wires(db, companyId, [row]))[0];
  }

  /** Every rule of a partner body that needs the database; all failures reported together. */
  async check(db: Db, companyId: number, body: PartnerWire, violations = new Violations()): Promise<number[]> {
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

  async insert(db: Db, companyId: number, body: PartnerWire, person?: PersonExtras): Promise<number> {
    const groupIds = await this.check(db, companyId, body);
    const id = await allocateId(db, companyId, 'business_partners');
    const extras =
      body.type === 'PERSON' ? (person ?? { lastName: body.name, gender: 'NOT_APPLICABLE' as const }) : null;
    await store.insertPartner(db, partnerToRow(companyId, id, body, nextVersion(this.#now()), undefined, extras));
    await store.setPartnerGroups(db, companyId, id, groupIds);
    return id;
  }

  async create(companyId: number, rights: Rights, body: PartnerWire): Promise<PartnerWire> {
    requireAccess(rights, body.type, 'edit');
    return this.#db.transaction().execute(async (trx) => {
      const id = await this.insert(trx, companyId, body);
      return this.wire(trx, companyId, (await store.getPartner(trx, companyId, id))!);
    });
  }

  /** Batch GET: the partners the caller may see; a single id of a register the caller lacks is 403. */
  async get(companyId: number, rights: Rights, segment: string): Promise<PartnerWire | PartnerWire[]> {
    const { ids, many } = parseIdList(segment, 'partnerId');
    const rows = await store.getPartners(this.#db, companyId, ids, ['CUSTOMER', 'SUPPLIER', 'PERSON']);
    if (rows.length === 0) throw notFound('Business partner');
    if (!many) requireAccess(rights, rows[0].type as PartnerType, 'view');
    const visible = rows.filter((r) => mayAccess(rights, r.type as PartnerType, 'view'));
    if (visible.length === 0) throw notFound('Business partner');
    const wires = await this.wires(this.#db, companyId, visible);
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
      rows.map((row) => partnerBasic(row)),
      total,
      page,
    );
  }

  async load(
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
    const groupIds = await this.check(trx, companyId, body, violations);
    const updated = partnerToRow(companyId, Number(row.id), body, nextVersion(this.#now(), row.version), row);
    await staleUnlessWritten(store.updatePartner(trx, updated, row.version));
    await store.setPartnerGroups(trx, companyId, Number(row.id), groupIds);
    return this.wire(trx, companyId, updated);
  }

  /** PUT: overwrites every field; optional fields left out are removed. */
  async replace(companyId: number, rights: Rights, id: number, body: PartnerWire): Promise<PartnerWire> {
    return this.#db.transaction().execute(async (trx) => {
      const row = await this.load(trx, companyId, id, rights, 'edit');
      checkReadOnly(body, partnerToWire(row, []), ['id', 'version']);
      return this.#store(trx, companyId, row, body, new Violations());
    });
  }

  /** PATCH: JSON merge patch; `version` is required (body or query). */
  async patch(companyId: number, rights: Rights, id: number, patch: Json, queryVersion?: string): Promise<PartnerWire> {
    return this.#db.transaction().execute(async (trx) => {
      const row = await this.load(trx, companyId, id, rights, 'edit');
      const current = await this.wire(trx, companyId, row);
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
