// Extension point: other areas react to a business partner's default dimensions changing, inside the same
// transaction as the change (so either both are stored or neither).
//
// Payroll registers a listener (through the dimensions service of its app, when its service is built) to copy
// the new allocation to the salary-base dimensions of the employee linked to the partner
// (`PUT /businesspartners/{id}/defaults/dimensions/{dimensionId}` "also updates employee salary base
// dimensions"). The listeners belong to one app, so apps sharing a process never act on each other's changes.
import type { Db } from '../db/index.ts';
import type { Decimal } from '../domain/decimal.ts';

export interface PartnerDefaultDimensionChange {
  companyId: number;
  partnerId: number;
  dimensionId: number;
  /** The new allocation (empty: the defaults of this dimension were cleared). */
  items: { itemId: number; codeName: string; percent: Decimal }[];
}

/** Runs inside the write transaction `trx`; throwing rolls the whole change back. */
export type PartnerDefaultDimensionListener = (trx: Db, change: PartnerDefaultDimensionChange) => Promise<void>;

/** The listeners of one app, in the order they were added. */
export class PartnerDefaultDimensionListeners {
  readonly #listeners: PartnerDefaultDimensionListener[] = [];

  add(listener: PartnerDefaultDimensionListener): void {
    this.#listeners.push(listener);
  }

  async notify(trx: Db, change: PartnerDefaultDimensionChange): Promise<void> {
    for (const listener of this.#listeners) await listener(trx, change);
  }
}
