// User rights, shaped as the real service's UserRights: areas of leaves, each leaf a level
// (ALL_RIGHTS, VIEWING_RIGHTS, NO_ACCESS, NOT_ENABLED) or, for pure permissions, a boolean.
// A route declares the leaf it needs and whether it only reads; one hook enforces it for every endpoint.

export type RightLevel = 'ALL_RIGHTS' | 'VIEWING_RIGHTS' | 'NO_ACCESS' | 'NOT_ENABLED';
export type RightValue = RightLevel | boolean;

/** Every area and leaf, with the kind of value it holds. */
export const RIGHTS_TREE = {
  management: { companyInfo: 'level', userManagement: 'level', webhooks: 'level', integrations: 'level' },
  user: { ownInformation: 'level' },
  sales: {
    salesInvoices: 'level',
    salesOrders: 'level',
    offers: 'level',
    customerRegister: 'level',
    productRegister: 'level',
  },
  purchases: { purchaseInvoices: 'level', purchaseOrders: 'level', supplierRegister: 'level' },
  travelAndExpenses: { travelInvoices: 'level', expenseInvoices: 'level' },
  invoiceCirculation: { verification: 'level', approval: 'level' },
  salaries: { salaries: 'level', employeeRegister: 'level', salaryBases: 'level', taxCards: 'level' },
  payments: {
    payment: 'level',
    salaryPayments: 'level',
    markAsPaid: 'boolean',
    markSalaryAsPaid: 'boolean',
    directBankTransfer: 'level',
    bankStatementAndReferencePayment: 'level',
    paymentAllocation: 'level',
  },
  accounting: {
    ledgerReceipts: 'level',
    reports: 'level',
    chartOfAccounts: 'level',
    fiscalPeriods: 'level',
    dimensions: 'level',
    inventory: 'level',
  },
} as const;

type Tree = typeof RIGHTS_TREE;
type RightArea = keyof Tree;
export type RightLeaf = { [A in RightArea]: `${A}.${Extract<keyof Tree[A], string>}` }[RightArea];

export type Rights = { [A in RightArea]: { [L in keyof Tree[A]]: RightValue } };

export type Role = 'ADMIN' | 'ACCOUNTANT' | 'BOOKKEEPER' | 'VIEWER' | 'EMPLOYEE' | 'NONE';

function fill(value: (kind: 'level' | 'boolean', area: RightArea, leaf: string) => RightValue): Rights {
  const out: Record<string, Record<string, RightValue>> = {};
  for (const [area, leaves] of Object.entries(RIGHTS_TREE)) {
    out[area] = {};
    for (const [leaf, kind] of Object.entries(leaves)) out[area][leaf] = value(kind, area as RightArea, leaf);
  }
  return out as Rights;
}

export function rightsForRole(role: Role): Rights {
  switch (role) {
    case 'ADMIN':
    case 'ACCOUNTANT':
      return fill((kind, area) =>
        kind === 'boolean' ? true : role === 'ACCOUNTANT' && area === 'management' ? 'VIEWING_RIGHTS' : 'ALL_RIGHTS',
      );
    case 'BOOKKEEPER':
      return fill((kind, area) =>
        kind === 'boolean'
          ? area !== 'payments'
          : area === 'management' || area === 'payments'
            ? 'VIEWING_RIGHTS'
            : 'ALL_RIGHTS',
      );
    case 'VIEWER':
      return fill((kind) => (kind === 'boolean' ? false : 'VIEWING_RIGHTS'));
    case 'EMPLOYEE':
      return fill((kind, area, leaf) =>
        kind === 'boolean'
          ? false
          : area === 'user' || (area === 'travelAndExpenses' && leaf !== 'expenseInvoices')
            ? 'ALL_RIGHTS'
            : 'NO_ACCESS',
      );
    case 'NONE':
      return fill((kind) => (kind === 'boolean' ? false : 'NO_ACCESS'));
  }
}

export const ROLES: Role[] = ['ADMIN', 'ACCOUNTANT', 'BOOKKEEPER', 'VIEWER', 'EMPLOYEE', 'NONE'];

/** Overrides leaves of a role's rights, e.g. `{ 'payments.markSalaryAsPaid': false }`. */
export function withOverrides(base: Rights, overrides: Partial<Record<RightLeaf, RightValue>>): Rights {
  const copy = structuredClone(base) as unknown as Record<string, Record<string, RightValue>>;
  for (const [path, value] of Object.entries(overrides)) {
    const [area, leaf] = path.split('.');
    const kind = (RIGHTS_TREE as Record<string, Record<string, string>>)[area]?.[leaf];
    if (!kind) throw new Error(`unknown right ${path}`);
    if ((kind === 'boolean') !== (typeof value === 'boolean')) throw new Error(`right ${path} takes a ${kind}`);
    copy[area][leaf] = value;
  }
  return copy as unknown as Rights;
}

export interface RightRequirement {
  leaf: RightLeaf;
  /** `view` is met by VIEWING_RIGHTS or ALL_RIGHTS; `edit` only by ALL_RIGHTS (or true). */
  level: 'view' | 'edit';
}

export function hasRight(rights: Rights, requirement: RightRequirement): boolean {
  const [area, leaf] = requirement.leaf.split('.');
  const value = (rights as unknown as Record<string, Record<string, RightValue>>)[area]?.[leaf];
  if (typeof value === 'boolean') return value;
  if (value === 'ALL_RIGHTS') return true;
  return value === 'VIEWING_RIGHTS' && requirement.level === 'view';
}

/** Rights stored as JSON may predate a leaf added later: missing leaves read as NO_ACCESS / false. */
export function normalizeRights(stored: unknown): Rights {
  const source = (stored ?? {}) as Record<string, Record<string, unknown>>;
  return fill((kind, area, leaf) => {
    const value = source[area]?.[leaf];
    if (kind === 'boolean') return value === true;
    return value === 'ALL_RIGHTS' || value === 'VIEWING_RIGHTS' || value === 'NOT_ENABLED' ? value : 'NO_ACCESS';
  });
}
