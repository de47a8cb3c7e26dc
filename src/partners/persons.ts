// Rules of the person register: persons, the person of a member, the personal details of the caller.
import type { AppContext } from '../platform/context.ts';
import type { Db } from '../db/index.ts';
import { notFound, Violations } from '../platform/errors.ts';
import { checkReadOnly, compact } from '../platform/resource.ts';
import { staleUnlessWritten } from '../platform/lock.ts';
import { nextVersion } from '../platform/clock.ts';
import { paged, type PageRequest, type Paged } from '../platform/paging.ts';
import { parseIdList } from '../platform/batch.ts';
import type { NewMember } from '../platform/area.ts';
import { identity } from '../auth/index.ts';
import type { PartnerWire, PersonBasicWire, PersonalDetailsWire, PersonWire } from './schemas.ts';
import {
  partnerAddress,
  partnerToRow,
  partnerToWire,
  personBasic,
  personToWire,
  readJson,
  type Json,
  type PersonExtras,
} from './mapping.ts';
import type { BusinessPartners } from './business-partners.ts';
import * as store from './store.ts';

/** The person register (/persons): persons are business partners of type PERSON. */
export class Persons {
  readonly #ctx: AppContext;
  readonly #partners: BusinessPartners;
  constructor(ctx: AppContext, partners: BusinessPartners) {
    this.#ctx = ctx;
    this.#partners = partners;
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
    const id = await this.#partners.insert(db, member.companyId, body, {
      firstName: member.firstName,
      lastName: member.lastName,
      gender: 'NOT_APPLICABLE',
    });
    await identity.updateMembership(db, member.companyId, member.userId, { partner_id: id });
    return id;
  }

  async getPersons(companyId: number, segment: string): Promise<PersonWire | PersonWire[]> {
    const { ids, many } = parseIdList(segment, 'personId');
    const rows = await store.getPartners(this.#db, companyId, ids, ['PERSON']);
    if (rows.length === 0) throw notFound('Person');
    const groups = await store.groupsOfPartners(
      this.#db,
      companyId,
      rows.map((r) => Number(r.id)),
    );
    const wires = rows.map((r) =>
      personToWire(
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
      checkReadOnly(body, personToWire(row, groups), ['id', 'version']);
      return this.#writePerson(trx, companyId, row, body);
    });
  }

  /** POST /persons: a new person of the person register (a business partner of type PERSON). */
  async createPerson(companyId: number, body: PersonWire): Promise<PersonWire> {
    return this.#db.transaction().execute(async (trx) => {
      const name = [body.firstName, body.lastName].filter(Boolean).join(' ');
      const draft: PartnerWire = { type: 'PERSON', name };
      const id = await this.#partners.insert(trx, companyId, draft, {
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
    const partner = partnerToWire(row, []) as unknown as Json;
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
    const groupIds = await this.#partners.check(
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
    const updated = partnerToRow(companyId, id, next, nextVersion(this.#now(), row.version), row, extras);
    await staleUnlessWritten(store.updatePartner(trx, updated, row.version));
    await store.setPartnerGroups(trx, companyId, id, body.registryInfo.personGroupsIds ?? []);
    return personToWire(updated, await store.groupsOfPartners(trx, companyId, [id]));
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
      rows.slice(page.offset, page.offset + page.pageSize).map((row) => personBasic(row)),
      rows.length,
      page,
    );
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
}
