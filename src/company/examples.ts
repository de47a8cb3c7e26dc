// Examples of this area's request bodies and answers in the OpenAPI document, by operationId (src/platform/openapi-examples.ts).
import type { ApiExamples } from '../platform/openapi-examples.ts';

export const companyExamples: ApiExamples = {
  getCompany: {
    responses: {
      200: {
        id: 1,
        name: 'Demo Oy',
        country: 'FINLAND',
        operationType: 'DEMONSTRATION',
        companyAddress: { street: 'Mannerheimintie 12 B', zip: '00100', city: 'Helsinki', country: 'FINLAND' },
        billingAddress: { street: 'PL 123', zip: '00101', city: 'Helsinki', country: 'FINLAND' },
        inTradeRegister: true,
        businessIdentifier: { brnType: 'YHD', code: '1234567-1' },
        accountingCoaLanguages: ['fi', 'sv'],
        companyCurrency: 'EUR',
        currencyRateSearchDensity: 'DAILY_EXCHANGE_RATE',
      },
    },
  },
  putCompany: {
    request: {
      name: 'Demo Oy',
      companyAddress: { street: 'Mannerheimintie 12 B', zip: '00100', city: 'Helsinki', country: 'FINLAND' },
      billingAddress: { street: 'PL 123', zip: '00101', city: 'Helsinki', country: 'FINLAND' },
      inTradeRegister: true,
      businessIdentifier: { brnType: 'YHD', code: '1234567-1' },
      currencyRateSearchDensity: 'DAILY_EXCHANGE_RATE',
    },
    responses: { 200: { message: 'Company information updated.' } },
  },
  getCompanyUsagesettings: {
    responses: {
      200: {
        defaultInvoiceChannel: 'EMAIL',
        cashDiscount: {
          cashDiscountForSales: true,
          cashDiscountForPurchase: false,
          optionList: [{ numberOfDays: 7, discountPercentage: 2 }],
          cashDiscountsTermType: 'FROM_INV_DATE',
        },
        accountingByRow: {
          salesInvoicePosting: false,
          purchaseInvoicePosting: true,
          travelAndExpenseInvoicePosting: true,
          salaryPosting: false,
        },
      },
    },
  },
  putCompanyUsagesettings: {
    request: {
      defaultInvoiceChannel: 'EMAIL',
      cashDiscount: {
        cashDiscountForSales: true,
        cashDiscountForPurchase: false,
        optionList: [{ numberOfDays: 7, discountPercentage: 2 }],
        cashDiscountsTermType: 'FROM_INV_DATE',
      },
      accountingByRow: {
        salesInvoicePosting: false,
        purchaseInvoicePosting: true,
        travelAndExpenseInvoicePosting: true,
        salaryPosting: false,
      },
    },
    responses: {
      200: {
        defaultInvoiceChannel: 'EMAIL',
        cashDiscount: {
          cashDiscountForSales: true,
          cashDiscountForPurchase: false,
          optionList: [{ numberOfDays: 7, discountPercentage: 2 }],
          cashDiscountsTermType: 'FROM_INV_DATE',
        },
        accountingByRow: {
          salesInvoicePosting: false,
          purchaseInvoicePosting: true,
          travelAndExpenseInvoicePosting: true,
          salaryPosting: false,
        },
      },
    },
  },
  getCompanyInvoicecirculationSettings: {
    responses: {
      200: {
        useForPurchaseInvoices: true,
        useForTravelAndExpenseInvoices: false,
        reminderInterval: 'ONCE_A_DAY',
        forceNotifications: false,
        useDeterminedOrder: true,
        allowPaymentOnlyWhenApproved: true,
        preventPayeeInformationChange: true,
        allowInvoiceSpecificDiscussion: true,
        allowExtendedTaggingInDiscussion: false,
        allocatePurchaseOrdersAndInvoicesInChecking: false,
        maxVerifiers: 1,
        maxAcceptors: 1,
        verifiers: [{ userId: 1, firstname: 'Demo', surname: 'User', orderNo: 1 }],
        acceptors: [{ userId: 1, firstname: 'Demo', surname: 'User', orderNo: 1 }],
        allowPersonalSubstitution: false,
        substitutions: [],
      },
    },
  },
  putCompanyInvoicecirculationSettings: {
    request: {
      useForPurchaseInvoices: true,
      useForTravelAndExpenseInvoices: false,
      reminderInterval: 'ONCE_A_DAY',
      forceNotifications: false,
      useDeterminedOrder: true,
      allowPaymentOnlyWhenApproved: true,
      preventPayeeInformationChange: true,
      allowInvoiceSpecificDiscussion: true,
      allowExtendedTaggingInDiscussion: false,
      allocatePurchaseOrdersAndInvoicesInChecking: false,
      maxVerifiers: 1,
      maxAcceptors: 1,
      verifiers: [{ userId: 1, orderNo: 1 }],
      acceptors: [{ userId: 1, orderNo: 1 }],
      allowPersonalSubstitution: false,
      substitutions: [],
    },
    responses: {
      200: {
        useForPurchaseInvoices: true,
        useForTravelAndExpenseInvoices: false,
        reminderInterval: 'ONCE_A_DAY',
        forceNotifications: false,
        useDeterminedOrder: true,
        allowPaymentOnlyWhenApproved: true,
        preventPayeeInformationChange: true,
        allowInvoiceSpecificDiscussion: true,
        allowExtendedTaggingInDiscussion: false,
        allocatePurchaseOrdersAndInvoicesInChecking: false,
        maxVerifiers: 1,
        maxAcceptors: 1,
        verifiers: [{ userId: 1, firstname: 'Demo', surname: 'User', orderNo: 1 }],
        acceptors: [{ userId: 1, firstname: 'Demo', surname: 'User', orderNo: 1 }],
        allowPersonalSubstitution: false,
        substitutions: [],
      },
    },
  },
  getCompanyDeliveryterms: { responses: { 200: { deliveryTerms: [] } } },
  getCompanyEinvoiceaddresses: { responses: { 200: {} } },
  getCompanyExpensesCollectionpenalSettings: { responses: { 200: { useAutomaticHandling: false } } },
  getCompanyInvoicetemplates: { responses: { 200: { id: 1, name: 'Perusmalli' } } },
  getCompanyInvoicecirculationVerifierlists: { responses: { 200: [] } },
  getCompanyInvoicecirculationVerifierlistsByListId: {
    responses: {
      200: {
        id: 1,
        name: 'Ostolaskut yli 1 000 €',
        verifiers: [{ userId: 1, firstname: 'Demo', surname: 'User', orderNo: 1 }],
        acceptors: [{ userId: 1, firstname: 'Demo', surname: 'User', orderNo: 1 }],
      },
    },
  },
};
