// Rules of the dimension register and of default dimensions (per product, person and business partner).
import { Decimal } from '../domain/decimal.ts';
import { allocateId, insertOrUpdateTransaction, type Db } from '../db/index.ts';
import type { AppContext } from '../platform/context.ts';
import { apiError, notFound, Violations } from '../platform/errors.ts';
import { nextVersion } from '../platform/clock.ts';
import { compact } from '../platform/resource.ts';
import type { DefaultDimensionWire, DimensionItemWire, DimensionNameWire, DimensionWire } from './schemas.ts';
import * as store from './store.ts';
import { PartnerDefaultDimensionListeners } from './hooks.ts';

function itemToWire(row: store.DimensionItemRow): DimensionItemWire {
  // every field named (a new one fails to compile until mapped); unset ones are left out of the answer
  return compact({
    id: Number(row.id),
    codeName: row.code_name,
    status: row.status === 'PASSIVE' ? ('P' as const) : undefined,
    description: row.description ?? undefined,
  } satisfies Record<keyof DimensionItemWire, unknown>);
}

export interface DefaultOwner {
  type: store.DefaultOwnerType;
  id: number;
  /** Name of the owner for a 404 (`Product`, `Person`, `Business partner`). */
  resource: string;
  /** True when the owner exists in the company. */
  exists(db: Db): Promise<boolean>;
  /** Runs inside the write transaction after the defaults were stored (e.g. the payroll hook of partners). */
  afterWrite?(
    trx: Db,
    dimensionId: number,
    items: { itemId: number; codeName: string; percent: Decimal }[],
  ): Promise<void>;
}

/** Checks a default-dimension allocation; every failure is reported together. Pure: no I/O. */
function checkAllocation(
  items: { codeName: string; percent: Decimal }[],
  register: Map<string, { id: number; active: boolean }>,
): Violations {
  const violations = new Violations();
  const seen = new Set<string>();
  let sum = new Decimal(0);
  items.forEach((item, i) => {
    const field = `items[${i}].codeName`;
    if (seen.has(item.codeName)) violations.add('DUPLICATE_DIMENSION_ITEM', field);
    seen.add(item.codeName);
    const known = register.get(item.codeName);
    if (!known || !known.active) violations.add('DIMENSION_ITEM_IS_PASSIVE_OR_DOES_NOT_EXIST_IN_DIMENSION', field);
    sum = sum.plus(item.percent);
  });
  if (items.length > 0 && !sum.equals(100)) violations.add('DIMENSION_PERCENTAGES_MUST_SUM_TO_100', 'items');
  return violations;
}

export class DimensionService {
  readonly #ctx: AppContext;
  /** Who follows a business partner's default dimensions (payroll), called in the transaction of the change. */
  readonly partnerDefaultsChanged = new PartnerDefaultDimensionListeners();
  constructor(ctx: AppContext) {
    this.#ctx = ctx;
  }

  get #db(): Db {
    return this.#ctx.db;
  }

  /** Every dimension, or those named `name`; with `codeName`, the dimensions having such an item, with it only. */
  async list(companyId: number, filter: { name?: string; codeName?: string } = {}): Promise<DimensionWire[]> {
    const dimensions = (await store.listDimensions(this.#db, companyId)).filter(
      (d) => filter.name === undefined || d.name === filter.name,
    );
    const items = (
      await store.itemsOf(
        this.#db,
        companyId,
        dimensions.map((d) => Number(d.id)),
      )
    ).filter((i) => filter.codeName === undefined || i.code_name === filter.codeName);
    const found = dimensions.map((d) => ({
      id: Number(d.id),
      name: d.name,
      items: items.filter((i) => Number(i.dimension_id) === Number(d.id)).map(itemToWire),
    }));
    return filter.codeName === undefined ? found : found.filter((d) => d.items.length > 0);
  }

  async get(companyId: number, id: number): Promise<DimensionWire> {
    const dimension = await store.getDimension(this.#db, companyId, id);
    if (!dimension) throw notFound('Dimension');
    const items = await store.itemsOf(this.#db, companyId, [id]);
    return { id, name: dimension.name, items: items.map(itemToWire) };
  }

  /** Renames a dimension; names stay unique in the company. */
  async rename(companyId: number, id: number, body: DimensionNameWire): Promise<DimensionNameWire> {
    return insertOrUpdateTransaction(this.#db, async (trx) => {
      const dimension = await store.getDimension(trx, companyId, id);
      if (!dimension) throw notFound('Dimension');
      const same = await store.dimensionByName(trx, companyId, body.name);
      if (same && Number(same.id) !== id) throw apiError('DIMENSION_NAME_EXISTS', 'name');
      await store.updateDimension(trx, {
        ...dimension,
        name: body.name,
        version: nextVersion(this.#ctx.clock.now(), dimension.version),
      });
      return { name: body.name };
    });
  }

  /** Creates a dimension with its items (also used by the demo seed). */
  async create(companyId: number, body: DimensionWire, db: Db = this.#db): Promise<DimensionWire> {
    const run = async (trx: Db) => {
      const violations = new Violations();
      if (await store.dimensionByName(trx, companyId, body.name)) violations.add('DIMENSION_NAME_EXISTS', 'name');
      const codes = new Set<string>();
      (body.items ?? []).forEach((item, i) => {
        if (codes.has(item.codeName)) violations.add('DIMENSION_ITEM_CODE_NAME_EXISTS', `items[${i}].codeName`);
        codes.add(item.codeName);
      });
      violations.throwIfAny();
      const id = await allocateId(trx, companyId, 'dimensions');
      const version = nextVersion(this.#ctx.clock.now());
      await store.insertDimension(trx, { company_id: companyId, id, name: body.name, version });
      for (const item of body.items ?? []) await this.#insertItem(trx, companyId, id, item, version);
      return id;
    };
    // a dimension of the same name created at the same moment: the run again finds it (DIMENSION_NAME_EXISTS)
    const id = db === this.#db ? await insertOrUpdateTransaction(this.#db, run) : await run(db);
    const items = await store.itemsOf(db, companyId, [id]);
    return { id, name: body.name, items: items.map(itemToWire) };
  }

  async #insertItem(
    trx: Db,
    companyId: number,
    dimensionId: number,
    item: DimensionItemWire,
    version: string,
  ): Promise<store.DimensionItemRow> {
    const row: store.DimensionItemRow = {
      company_id: companyId,
      id: await allocateId(trx, companyId, 'dimension_items'),
      dimension_id: dimensionId,
      code_name: item.codeName,
      status: item.status === 'P' ? 'PASSIVE' : 'ACTIVE',
      description: item.description ?? null,
      version,
    };
    await store.insertItem(trx, row);
    return row;
  }

  async addItem(companyId: number, dimensionId: number, body: DimensionItemWire): Promise<DimensionItemWire> {
    return insertOrUpdateTransaction(this.#db, async (trx) => {
      if (!(await store.getDimension(trx, companyId, dimensionId))) throw notFound('Dimension');
      const existing = await store.itemsOf(trx, companyId, [dimensionId]);
      if (existing.some((i) => i.code_name === body.codeName))
        throw apiError('DIMENSION_ITEM_CODE_NAME_EXISTS', 'codeName');
      return itemToWire(await this.#insertItem(trx, companyId, dimensionId, body, nextVersion(this.#ctx.clock.now())));
    });
  }

  /** Replaces an item: code name, status (absent = active, `P` = passive) and description. */
  async replaceItem(
    companyId: number,
    dimensionId: number,
    itemId: number,
    body: DimensionItemWire,
  ): Promise<DimensionItemWire> {
    return insertOrUpdateTransaction(this.#db, async (trx) => {
      const row = await store.getItem(trx, companyId, itemId);
      if (!row || Number(row.dimension_id) !== dimensionId) throw notFound('Dimension item');
      if (body.id !== undefined && body.id !== itemId) throw apiError('READ_ONLY_FIELD_CHANGED', 'id');
      const existing = await store.itemsOf(trx, companyId, [dimensionId]);
      if (existing.some((i) => i.code_name === body.codeName && Number(i.id) !== itemId))
        throw apiError('DIMENSION_ITEM_CODE_NAME_EXISTS', 'codeName');
      const updated: store.DimensionItemRow = {
        ...row,
        code_name: body.codeName,
        status: body.status === 'P' ? 'PASSIVE' : 'ACTIVE',
        description: body.description ?? null,
        version: nextVersion(this.#ctx.clock.now(), row.version),
      };
      await store.updateItem(trx, updated);
      return itemToWire(updated);
    });
  }

  // default dimensions

  async #requireOwner(db: Db, owner: DefaultOwner): Promise<void> {
    if (!(await owner.exists(db))) throw notFound(owner.resource);
  }

  async #defaultsWire(
    db: Db,
    companyId: number,
    owner: DefaultOwner,
    dimensions: store.DimensionRow[],
  ): Promise<DefaultDimensionWire[]> {
    const rows = await store.defaultsOf(db, companyId, owner.type, owner.id);
    const items = new Map(
      (
        await store.itemsOf(
          db,
          companyId,
          dimensions.map((d) => Number(d.id)),
        )
      ).map((i) => [Number(i.id), i]),
    );
    return dimensions.map((d) => ({
      id: Number(d.id),
      name: d.name,
      items: rows
        .filter((r) => Number(r.dimension_id) === Number(d.id))
        .flatMap((r) => {
          const item = items.get(Number(r.item_id));
          if (!item) return [];
          const wire: NonNullable<DefaultDimensionWire['items']>[number] = {
            id: Number(item.id),
            codeName: item.code_name,
            percent: new Decimal(r.percent),
            status: item.status === 'ACTIVE',
          };
          if (item.description !== null) wire.description = item.description;
          return [wire];
        }),
    }));
  }

  /** The owner's defaults: every dimension that has an allocation for it. */
  async listDefaults(companyId: number, owner: DefaultOwner): Promise<DefaultDimensionWire[]> {
    await this.#requireOwner(this.#db, owner);
    const dimensionIds = new Set(
      (await store.defaultsOf(this.#db, companyId, owner.type, owner.id)).map((r) => Number(r.dimension_id)),
    );
    const dimensions = (await store.listDimensions(this.#db, companyId)).filter((d) => dimensionIds.has(Number(d.id)));
    return this.#defaultsWire(this.#db, companyId, owner, dimensions);
  }

  /** One dimension's defaults of the owner (items empty when none are set). 404 when owner or dimension is missing. */
  async getDefault(
    companyId: number,
    owner: DefaultOwner,
    dimensionId: number,
    db: Db = this.#db,
  ): Promise<DefaultDimensionWire> {
    await this.#requireOwner(db, owner);
    const dimension = await store.getDimension(db, companyId, dimensionId);
    if (!dimension) throw notFound('Dimension');
    return (await this.#defaultsWire(db, companyId, owner, [dimension]))[0];
  }

  /** Replaces the owner's allocation on one dimension; an empty item list clears it. */
  async putDefault(
    companyId: number,
    owner: DefaultOwner,
    dimensionId: number,
    body: DefaultDimensionWire,
  ): Promise<DefaultDimensionWire> {
    // two replacements at once both delete nothing and insert on PostgreSQL: the second runs again, replacing the first
    return insertOrUpdateTransaction(this.#db, async (trx) => {
      await this.#requireOwner(trx, owner);
      const dimension = await store.getDimension(trx, companyId, dimensionId);
      if (!dimension) throw notFound('Dimension');
      const register = new Map(
        (await store.itemsOf(trx, companyId, [dimensionId])).map((i) => [
          i.code_name,
          { id: Number(i.id), active: i.status === 'ACTIVE' },
        ]),
      );
      const items = body.items ?? []; // left out: no allocation, as an empty list
      const violations = checkAllocation(items, register);
      if (body.id !== undefined && body.id !== dimensionId) violations.add('READ_ONLY_FIELD_CHANGED', 'id');
      items.forEach((item, i) => {
        const known = register.get(item.codeName);
        if (item.id !== undefined && known && known.id !== item.id)
          violations.add('READ_ONLY_FIELD_CHANGED', `items[${i}].id`);
      });
      violations.throwIfAny();
      const allocation = items.map((item) => ({
        itemId: register.get(item.codeName)!.id,
        codeName: item.codeName,
        percent: new Decimal(item.percent),
      }));
      await store.replaceDefaults(
        trx,
        companyId,
        owner.type,
        owner.id,
        dimensionId,
        allocation.map((a, position) => ({
          company_id: companyId,
          owner_type: owner.type,
          owner_id: owner.id,
          dimension_id: dimensionId,
          item_id: a.itemId,
          position,
          percent: a.percent.toFixed(2),
        })),
      );
      if (owner.afterWrite) await owner.afterWrite(trx, dimensionId, allocation);
      return this.getDefault(companyId, owner, dimensionId, trx);
    });
  }
}
