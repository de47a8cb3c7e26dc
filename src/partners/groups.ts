// Rules of partner groups.
import type { AppContext } from '../platform/context.ts';
import { allocateId, type Db } from '../db/index.ts';
import { apiError, notFound } from '../platform/errors.ts';
import { checkReadOnly } from '../platform/resource.ts';
import { nextVersion } from '../platform/clock.ts';
import { paged, type PageRequest, type Paged } from '../platform/paging.ts';
import type { Rights } from '../platform/rights.ts';
import type { PartnerGroupWire } from './schemas.ts';
import { accessibleTypes, requireAccess } from './rights.ts';
import { groupToWire } from './mapping.ts';
import * as store from './store.ts';
import type { PartnerType } from './store.ts';

/** Partner groups (/businesspartners/groups). */
export class PartnerGroups {
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
      const row = {
        company_id: companyId,
        id: await allocateId(trx, companyId, 'partner_groups'),
        name: body.name,
        type: body.type,
        active: body.active ?? true,
        version: nextVersion(this.#now()),
      } satisfies Record<keyof store.PartnerGroupRow, unknown>;
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
}
