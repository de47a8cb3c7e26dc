// Which register right a partner needs: customers live in the customer register (sales), suppliers in the
// supplier register (purchases), persons in the person/employee register (salaries).
import { apiError } from '../platform/errors.ts';
import { hasRight, type RightLeaf, type Rights } from '../platform/rights.ts';
import type { PartnerType } from './store.ts';
import type { AttachmentReferenceType } from '../platform/area.ts';

const REGISTER_OF: Record<PartnerType, RightLeaf> = {
  CUSTOMER: 'sales.customerRegister',
  SUPPLIER: 'purchases.supplierRegister',
  PERSON: 'salaries.employeeRegister',
};

/** The reference type of files attached to a partner (`Attachment.referenceType`): that of its register. */
export const ATTACHMENT_REFERENCE_TYPE_OF = {
  CUSTOMER: 'CUSTOMER_BUSINESS_PARTNER_REGISTER',
  SUPPLIER: 'SUPPLIER_BUSINESS_PARTNER_REGISTER',
  PERSON: 'PERSON_BUSINESS_PARTNER_REGISTER',
} as const satisfies Record<PartnerType, AttachmentReferenceType>;

export type Level = 'view' | 'edit';

export function mayAccess(rights: Rights, type: PartnerType, level: Level): boolean {
  return hasRight(rights, { leaf: REGISTER_OF[type], level });
}

export function requireLeaf(rights: Rights, leaf: RightLeaf, level: Level): void {
  if (!hasRight(rights, { leaf, level })) {
    throw apiError('FORBIDDEN', undefined, {
      right: `${leaf} (${level === 'view' ? 'viewing rights' : 'all rights'})`,
    });
  }
}

export function requireAccess(rights: Rights, type: PartnerType, level: Level): void {
  requireLeaf(rights, REGISTER_OF[type], level);
}

export function accessibleTypes(rights: Rights, level: Level): PartnerType[] {
  return (['CUSTOMER', 'SUPPLIER', 'PERSON'] as const).filter((t) => mayAccess(rights, t, level));
}
