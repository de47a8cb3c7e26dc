// The rights document of `GET /users/rights` in the real interface's shape (UserPermissions). Tase enforces its
// own leaves (src/platform/rights.ts, named in 403 answers); each real leaf is derived from the Tase leaf that
// guards the same work. A real leaf for work Tase does not do is NOT_ENABLED, and a real restriction Tase never
// applies (e.g. "personal invoices only") is false. Tase's own leaves are kept beside the real ones as additions.
import type { RightLeaf, RightLevel, RightValue, Rights } from '../platform/rights.ts';

/** A real leaf: a level taken from a Tase leaf, NOT_ENABLED, or a restriction Tase does not apply. */
type RealLeaf = { from: RightLeaf } | 'NOT_ENABLED' | 'UNRESTRICTED';

export const REAL_RIGHTS = {
  management: {
    basicCompanyInfo: { from: 'management.companyInfo' },
    basicAccountingInfo: { from: 'management.companyInfo' },
    chartOfAccountsAndDefaultReports: { from: 'accounting.chartOfAccounts' },
    usersAndUserRights: { from: 'management.userManagement' },
    companyUserManagement: { from: 'management.userManagement' },
    setUpACompany: 'NOT_ENABLED',
    importData: 'NOT_ENABLED',
    notifications: { from: 'management.webhooks' },
    incomesRegisterCertificate: 'NOT_ENABLED',
    groupLetter: 'NOT_ENABLED',
    auditLog: 'NOT_ENABLED',
  },
  user: {
    editPersonalInfo: { from: 'user.ownInformation' },
    limitedDimensions: 'UNRESTRICTED',
    blockSoloLoginToProcountor: 'UNRESTRICTED',
  },
  sales: {
    salesOrGroupInvoices: { from: 'sales.salesInvoices' },
    salesInvoiceSearch: { from: 'sales.salesInvoices' },
    personalSalesInvoicesOnly: 'UNRESTRICTED',
    customerRegister: { from: 'sales.customerRegister' },
    productRegister: { from: 'sales.productRegister' },
  },
  purchases: {
    purchaseInvoices: { from: 'purchases.purchaseInvoices' },
    purchaseInvoiceSearch: { from: 'purchases.purchaseInvoices' },
    personalPurchaseInvoicesOnly: 'UNRESTRICTED',
    supplierRegister: { from: 'purchases.supplierRegister' },
    productRegister: { from: 'sales.productRegister' },
    fixedAssetsRegister: 'NOT_ENABLED',
  },
  travelAndExpenses: {
    travelAndExpenseInvoices: { from: 'travelAndExpenses.travelInvoices' },
    travelAndExpenseInvoiceSearch: { from: 'travelAndExpenses.travelInvoices' },
    personalTravelAndExpenseInvoiceOnly: 'UNRESTRICTED',
  },
  invoiceCirculation: {
    verification: { from: 'invoiceCirculation.verification' },
    approval: { from: 'invoiceCirculation.approval' },
    personalApprovalsOrVerificationsOnly: 'UNRESTRICTED',
  },
  salaries: {
    payroll: { from: 'salaries.salaries' },
    personalSalariesOnly: 'UNRESTRICTED',
    personRegister: { from: 'salaries.employeeRegister' },
    workingTimeTracking: 'NOT_ENABLED',
    personalWorkHourTrackingOnly: 'UNRESTRICTED',
  },
  payments: {
    payment: { from: 'payments.payment' },
    salaryPayments: { from: 'payments.salaryPayments' },
    markAsPaid: { from: 'payments.markAsPaid' },
    markSalaryAsPaid: { from: 'payments.markSalaryAsPaid' },
    directBankTransfer: { from: 'payments.directBankTransfer' },
    bankStatementAndReferencePayment: { from: 'payments.bankStatementAndReferencePayment' },
    paymentAllocation: { from: 'payments.paymentAllocation' },
  },
  accounting: {
    journalReceipts: { from: 'accounting.ledgerReceipts' },
    journalReceiptSearch: { from: 'accounting.ledgerReceipts' },
    personalJournalReceiptsOnly: 'UNRESTRICTED',
    closingOfAccountTools: { from: 'accounting.fiscalPeriods' },
    preventCreatingEditingInvoices: 'UNRESTRICTED',
    preventEditingAccountingPage: 'UNRESTRICTED',
    accountingReports: { from: 'accounting.reports' },
    archive: 'NOT_ENABLED',
  },
} as const satisfies Record<keyof Rights, Record<string, RealLeaf>>;

/** A Tase permission (boolean) reads as a level in the real document. */
const asLevel = (value: RightValue | undefined): RightLevel =>
  value === undefined || value === false ? 'NO_ACCESS' : value === true ? 'ALL_RIGHTS' : value;

/**
 * The real document of some Tase rights: the real leaves, then Tase's own leaves the real areas lack. A Tase
 * leaf missing from `rights` (e.g. one not in an older API version) leaves its real leaf out too.
 */
export function rightsDocument(rights: Rights): Record<string, Record<string, RightValue>> {
  const source = rights as unknown as Record<string, Record<string, RightValue>>;
  const document: Record<string, Record<string, RightValue>> = {};
  for (const [area, leaves] of Object.entries(REAL_RIGHTS) as [keyof Rights, Record<string, RealLeaf>][]) {
    const out: Record<string, RightValue> = {};
    for (const [leaf, rule] of Object.entries(leaves)) {
      if (rule === 'NOT_ENABLED') out[leaf] = 'NOT_ENABLED';
      else if (rule === 'UNRESTRICTED') out[leaf] = false;
      else {
        const [fromArea, fromLeaf] = rule.from.split('.');
        if (fromLeaf in (source[fromArea] ?? {})) out[leaf] = asLevel(source[fromArea][fromLeaf]);
      }
    }
    for (const [leaf, value] of Object.entries(source[area] ?? {})) if (!(leaf in out)) out[leaf] = value;
    document[area] = out;
  }
  return document;
}
