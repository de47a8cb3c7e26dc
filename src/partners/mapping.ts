// The wire shapes of the partners area and their rows: one mapper per shape and direction.
import { Decimal } from '../domain/decimal.ts';
import { PERSON_IDENTIFIER_TYPES } from '../domain/real-vocabularies.ts';
import { compact } from '../platform/resource.ts';
import { parseJson, stringifyJson } from '../platform/json.ts';
import {
  PERSON_LANGUAGES,
  type BasicFactoringContractWire,
  type FactoringContractWire,
  type PartnerBasicWire,
  type PartnerGroupWire,
  type PartnerWire,
  type PersonAddressWire,
  type PersonBasicWire,
  type PersonWire,
} from './schemas.ts';
import type * as store from './store.ts';
import type { PartnerType } from './store.ts';

export type Json = Record<string, unknown>;

/** Partner-only extras of a PERSON partner, kept beside the partner data. */
export interface PersonExtras {
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
export function partnerAddress(address: PersonAddressWire | undefined, previous: Json | undefined): Json | undefined {
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

export function readJson<T>(text: string | null): T | undefined {
  return text === null ? undefined : (parseJson(text) as T);
}

/** A partner row and its groups as the BusinessPartner wire shape. */
export function partnerToWire(row: store.PartnerRow, groups: store.PartnerGroupRow[]): PartnerWire {
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

/** A partner body as its row; `person` undefined keeps the previous person fields, null drops them. */
export function partnerToRow(
  companyId: number,
  id: number,
  body: PartnerWire,
  version: string,
  previous?: store.PartnerRow,
  person?: PersonExtras | null,
): store.PartnerRow {
  // attachments are read-only (kept by the attachments area): nothing to keep
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
  } satisfies Record<keyof store.PartnerRow, unknown>;
}

export function partnerBasic(row: store.PartnerRow): PartnerBasicWire {
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
  } satisfies Record<keyof PartnerBasicWire, unknown>);
}

type PersonIdentifierType = (typeof PERSON_IDENTIFIER_TYPES)[number];

// A person's identifier type is a closed vocabulary, but the same register row may have been written through
// /businesspartners, where it is free text: only a value of the vocabulary is answered for a person.
function personIdentifierType(value: unknown): PersonIdentifierType | undefined {
  return typeof value === 'string' && (PERSON_IDENTIFIER_TYPES as readonly string[]).includes(value)
    ? (value as PersonIdentifierType)
    : undefined;
}

export function personToWire(row: store.PartnerRow, groups: store.PartnerGroupRow[]): PersonWire {
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
      identifierType: personIdentifierType(invoicing.identifierType),
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
  } satisfies Record<keyof PersonWire, unknown>);
}

export function personBasic(row: store.PartnerRow): PersonBasicWire {
  const person = readJson<PersonExtras>(row.person) ?? { lastName: row.name };
  const address = personAddress(readJson<Json>(row.data)?.deliveryAddress as Json | undefined);
  const invoicing = compact({
    personNumber: person.personNumber,
    identifier: row.identifier ?? undefined,
    identifierType: personIdentifierType(row.identifier_type),
  });
  return compact({
    id: Number(row.id),
    lastName: person.lastName,
    firstName: person.firstName,
    deliveryAddress:
      address && compact({ street: address.street, zip: address.zip, city: address.city, country: address.country }),
    invoicingInfo: Object.keys(invoicing).length > 0 ? invoicing : undefined,
    registryInfo: { active: Boolean(row.active) },
  } satisfies Record<keyof PersonBasicWire, unknown>);
}

export function groupToWire(row: store.PartnerGroupRow): PartnerGroupWire {
  return {
    id: Number(row.id),
    name: row.name,
    type: row.type as PartnerType,
    active: Boolean(row.active),
  } satisfies Record<keyof PartnerGroupWire, unknown>;
}

export type AnyFactoringContractWire = FactoringContractWire | BasicFactoringContractWire;

export function contractToWire(row: store.FactoringContractRow): AnyFactoringContractWire {
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
