// Settings of a company that its invoices use: delivery terms, e-invoice addresses, collection and penal
// expenses, invoice templates and the verifier lists of invoice circulation. Served read-only by the API (as
// the real interface does) and changed by the `tase admin company …` commands and the demo seed, which pass
// their JSON through the same schemas as a request body.
import { allocateId, type Db } from '../db/index.ts';
import type { AppContext } from '../platform/context.ts';
import { apiError, notFound, Violations } from '../platform/errors.ts';
import { nextVersion } from '../platform/clock.ts';
import { parseJson, stringifyJson } from '../platform/json.ts';
import { compileValidator } from '../platform/validation.ts';
import { Decimal } from '../domain/decimal.ts';
import { getProducts } from '../products/index.ts';
import {
  CollectionsAndPenalExpenses,
  DeliveryTerms,
  EInvoiceData,
  type CollectionsAndPenalExpensesWire,
  type DeliveryTermsWire,
  type EInvoiceDataWire,
  type InvoiceTemplateWire,
  type VerifierListBasicWire,
  type VerifierListWire,
} from './schemas.ts';
import * as store from './store.ts';

/** The settings documents by the name the admin command takes, with the schema their JSON must match. */
export const DOCUMENTS = {
  deliveryterms: { kind: 'deliveryTerms', schema: DeliveryTerms },
  einvoiceaddresses: { kind: 'eInvoiceData', schema: EInvoiceData },
  collectionpenal: { kind: 'collectionsAndPenalExpenses', schema: CollectionsAndPenalExpenses },
} as const;
export type DocumentName = keyof typeof DOCUMENTS;

export function isDocumentName(name: string): name is DocumentName {
  return Object.hasOwn(DOCUMENTS, name);
}

type ProductRef = CollectionsAndPenalExpensesWire['collectionCostsProduct'];
const PRODUCT_FIELDS = ['collectionCostsProduct', 'penalExpenseProduct'] as const;

/** A verifier list as stored and as the admin command gives it: user ids in order. */
export interface VerifierListInput {
  id?: number;
  name: string;
  verifiers: number[];
  acceptors: number[];
}

/** At most this many verifiers and acceptors in a list, as in the circulation settings. */
const MAX_LIST_USERS = 10;

export class CompanyDocuments {
  readonly #ctx: AppContext;
  constructor(ctx: AppContext) {
    this.#ctx = ctx;
  }

  async #stored(companyId: number, kind: store.DocumentKind): Promise<unknown> {
    const row = await store.getDocument(this.#ctx.db, companyId, kind);
    return row ? parseJson(row.body) : undefined;
  }

  async deliveryTerms(companyId: number): Promise<DeliveryTermsWire> {
    return ((await this.#stored(companyId, 'deliveryTerms')) as DeliveryTermsWire | undefined) ?? { deliveryTerms: [] };
  }

  async eInvoiceData(companyId: number): Promise<EInvoiceDataWire> {
    return ((await this.#stored(companyId, 'eInvoiceData')) as EInvoiceDataWire | undefined) ?? {};
  }

  /** The collection settings with their products as the register has them now (a product removed since is left out). */
  async collectionsAndPenalExpenses(companyId: number): Promise<CollectionsAndPenalExpensesWire> {
    const stored = ((await this.#stored(companyId, 'collectionsAndPenalExpenses')) as
      CollectionsAndPenalExpensesWire | undefined) ?? { useAutomaticHandling: false };
    const ids = PRODUCT_FIELDS.flatMap((field) => (stored[field] ? [stored[field].productId] : []));
    const products = new Map(
      (ids.length > 0 ? await getProducts(this.#ctx.db, companyId, ids) : []).map((p) => [Number(p.id), p]),
    );
    const answer: CollectionsAndPenalExpensesWire = { ...stored };
    for (const field of PRODUCT_FIELDS) {
      const product = stored[field] && products.get(stored[field].productId);
      if (!product) {
        delete answer[field];
        continue;
      }
      const info: NonNullable<ProductRef> = {
        productId: Number(product.id),
        name: product.name,
        price: new Decimal(product.price),
        currency: product.currency as NonNullable<ProductRef>['currency'],
      };
      if (product.code) info.code = product.code;
      if (product.default_account) info.defaultAccount = product.default_account;
      if (product.unit) info.unit = product.unit as NonNullable<ProductRef>['unit'];
      answer[field] = info;
    }
    return answer;
  }

  /**
   * Replaces one settings document with `json` (parsed with exact decimals; the validator may fill it in),
   * checked against its schema as a request body; the collection settings' products must exist (only their
   * `productId` is kept).
   */
  async replaceDocument(companyId: number, name: DocumentName, json: unknown): Promise<unknown> {
    const { kind, schema } = DOCUMENTS[name];
    const { error, value } = compileValidator(schema, 'body')(json);
    if (error) throw error;
    let body = value as Record<string, unknown>;
    if (kind === 'collectionsAndPenalExpenses')
      body = await this.#productRefs(companyId, value as CollectionsAndPenalExpensesWire);
    await this.#ctx.db.transaction().execute(async (trx) => {
      const previous = await store.getDocument(trx, companyId, kind);
      await store.saveDocument(trx, {
        company_id: companyId,
        kind,
        body: stringifyJson(body),
        version: nextVersion(this.#ctx.clock.now(), previous?.version),
      });
    });
    if (kind === 'deliveryTerms') return this.deliveryTerms(companyId);
    if (kind === 'eInvoiceData') return this.eInvoiceData(companyId);
    return this.collectionsAndPenalExpenses(companyId);
  }

  async #productRefs(
    companyId: number,
    body: CollectionsAndPenalExpensesWire,
  ): Promise<CollectionsAndPenalExpensesWire> {
    const ids = PRODUCT_FIELDS.flatMap((field) => (body[field] ? [body[field].productId] : []));
    const known = new Set(
      (ids.length > 0 ? await getProducts(this.#ctx.db, companyId, ids) : []).map((p) => Number(p.id)),
    );
    const violations = new Violations();
    const kept: CollectionsAndPenalExpensesWire = { ...body };
    for (const field of PRODUCT_FIELDS) {
      const ref = body[field];
      if (!ref) continue;
      if (!known.has(ref.productId)) violations.add('PRODUCT_NOT_FOUND', `${field}.productId`);
      kept[field] = { productId: ref.productId };
    }
    violations.throwIfAny();
    return kept;
  }

  // ---- invoice templates ----

  /** GET /company/invoicetemplates: the company's default invoice template. */
  async defaultInvoiceTemplate(companyId: number): Promise<InvoiceTemplateWire> {
    const templates = await store.listInvoiceTemplates(this.#ctx.db, companyId);
    const chosen = templates.find((t) => Boolean(t.is_default)) ?? templates[0];
    if (!chosen) throw notFound('Invoice template');
    return { id: Number(chosen.id), name: chosen.name };
  }

  async invoiceTemplates(companyId: number): Promise<(InvoiceTemplateWire & { isDefault: boolean })[]> {
    return (await store.listInvoiceTemplates(this.#ctx.db, companyId)).map((t) => ({
      id: Number(t.id),
      name: t.name,
      isDefault: Boolean(t.is_default),
    }));
  }

  /** Adds a template (the first one is the default) or renames one; `isDefault` makes it the default. */
  async saveInvoiceTemplate(
    companyId: number,
    input: { id?: number; name: string; isDefault?: boolean },
  ): Promise<InvoiceTemplateWire & { isDefault: boolean }> {
    const name = input.name.trim();
    if (name === '' || name.length > 100)
      throw apiError('VALIDATION_FAILED', 'name', { detail: 'A template name has 1 to 100 characters.' });
    const id = await this.#ctx.db.transaction().execute(async (trx) => {
      const templates = await store.listInvoiceTemplates(trx, companyId);
      const version = nextVersion(this.#ctx.clock.now());
      let templateId = input.id;
      if (templateId === undefined) {
        templateId = await allocateId(trx, companyId, 'invoice_templates');
        await store.insertInvoiceTemplate(trx, {
          company_id: companyId,
          id: templateId,
          name,
          is_default: templates.length === 0,
          version,
        });
      } else {
        const existing = templates.find((t) => Number(t.id) === templateId);
        if (!existing) throw notFound('Invoice template');
        await store.updateInvoiceTemplate(trx, {
          ...existing,
          name,
          version: nextVersion(this.#ctx.clock.now(), existing.version),
        });
      }
      if (input.isDefault) await store.setDefaultInvoiceTemplate(trx, companyId, templateId);
      return templateId;
    });
    return (await this.invoiceTemplates(companyId)).find((t) => t.id === id)!;
  }

  // ---- verifier lists ----

  async verifierLists(companyId: number): Promise<VerifierListBasicWire[]> {
    return (await store.listVerifierLists(this.#ctx.db, companyId)).map((row) => ({
      id: Number(row.id),
      name: row.name,
      verifiers: parseJson(row.verifiers) as number[],
      acceptors: parseJson(row.acceptors) as number[],
    }));
  }

  /** One list with the names of its users, numbered in their order. */
  async verifierList(companyId: number, id: number, db: Db = this.#ctx.db): Promise<VerifierListWire> {
    const row = await store.getVerifierList(db, companyId, id);
    if (!row) throw notFound('Verifier list');
    const verifiers = parseJson(row.verifiers) as number[];
    const acceptors = parseJson(row.acceptors) as number[];
    const names = await store.userNames(db, [...verifiers, ...acceptors]);
    const named = (userIds: number[]) =>
      userIds.map((userId, i) => ({
        userId,
        firstname: names.get(userId)?.first_name,
        surname: names.get(userId)?.last_name,
        orderNo: i + 1,
      }));
    return { id: Number(row.id), name: row.name, verifiers: named(verifiers), acceptors: named(acceptors) };
  }

  /** Adds a list or replaces one; its users must be users of the company, each at most once per role. */
  async saveVerifierList(companyId: number, input: VerifierListInput): Promise<VerifierListWire> {
    const violations = new Violations();
    const name = input.name.trim();
    if (name === '' || name.length > 100)
      violations.add('VALIDATION_FAILED', 'name', { detail: 'A list name has 1 to 100 characters.' });
    const members = await store.memberUserIds(this.#ctx.db, companyId, [...input.verifiers, ...input.acceptors]);
    for (const role of ['verifiers', 'acceptors'] as const) {
      const userIds = input[role];
      if (userIds.length > MAX_LIST_USERS)
        violations.add('VALIDATION_FAILED', role, { detail: `at most ${MAX_LIST_USERS} ${role}` });
      userIds.forEach((userId, i) => {
        if (!members.has(userId))
          violations.add('VALIDATION_FAILED', `${role}[${i}]`, { detail: 'not a user of the company' });
        else if (userIds.indexOf(userId) !== i)
          violations.add('VALIDATION_FAILED', `${role}[${i}]`, { detail: 'listed twice' });
      });
    }
    violations.throwIfAny();
    return this.#ctx.db.transaction().execute(async (trx) => {
      const fields = { name, verifiers: JSON.stringify(input.verifiers), acceptors: JSON.stringify(input.acceptors) };
      let id = input.id;
      if (id === undefined) {
        id = await allocateId(trx, companyId, 'verifier_lists');
        await store.insertVerifierList(trx, {
          company_id: companyId,
          id,
          ...fields,
          version: nextVersion(this.#ctx.clock.now()),
        });
      } else {
        const existing = await store.getVerifierList(trx, companyId, id);
        if (!existing) throw notFound('Verifier list');
        await store.updateVerifierList(trx, {
          ...existing,
          ...fields,
          version: nextVersion(this.#ctx.clock.now(), existing.version),
        });
      }
      return this.verifierList(companyId, id, trx);
    });
  }

  async deleteVerifierList(companyId: number, id: number): Promise<{ id: number; deleted: true }> {
    if ((await store.deleteVerifierList(this.#ctx.db, companyId, id)) === 0) throw notFound('Verifier list');
    return { id, deleted: true };
  }
}
