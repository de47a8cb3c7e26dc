// Extension point: other areas react to a business partner's default dimensions changing, inside the same
// transaction as the change (so either both are stored or neither).
//
// Payroll registers a listener here to copy the new allocation to the salary-base dimensions of the employee
// linked to the partner (`PUT /businesspartners/{id}/defaults/dimensions/{dimensionId}` "also updates
// employee salary base dimensions"). Until payroll exists no listener is registered and the change only
// updates the partner's defaults.
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

const listeners: PartnerDefaultDimensionListener[] = [];

export function onPartnerDefaultDimensionChanged(listener: PartnerDefaultDimensionListener): void {
  listeners.push(listener);
}

export async function notifyPartnerDefaultDimensionChanged(
  trx: Db,
  change: PartnerDefaultDimensionChange,
): Promise<void> {
  for (const listener of listeners) await listener(trx, change);
}
