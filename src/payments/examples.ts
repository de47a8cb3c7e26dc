// Examples of this area's request bodies and answers in the OpenAPI document, by operationId (src/platform/openapi-examples.ts).
import type { ApiExamples } from '../platform/openapi-examples.ts';

export const paymentsExamples: ApiExamples = {
  getPaymentsErrormessages: {
    responses: {
      200: {
        results: [
          {
            id: 1,
            createdDate: '2026-03-18',
            type: 'PAYMENT_ERROR',
            status: 'UNHANDLED',
            errorCode: 'AC04',
            referenceId: 2,
            referenceType: 'INVOICE',
            invoiceType: 'PURCHASE_INVOICE',
          },
        ],
        meta: { pageNumber: 0, pageSize: 50, resultCount: 1, totalCount: 1 },
      },
    },
  },
  getPayments: {
    responses: {
      200: {
        results: [
          {
            id: 1,
            invoiceId: 2,
            paymentDate: '2026-03-20',
            amount: 496,
            receiverName: 'Kuopion Varaosa Oy',
            status: 'PAYMENT_QUEUED',
            paidAmount: 0,
            paidCurrency: 'EUR',
          },
          {
            id: 2,
            paymentDate: '2026-03-20',
            amount: 250,
            receiverName: 'Tampereen Toimitilat Oy',
            status: 'PAYMENT_QUEUED',
            paidAmount: 0,
            paidCurrency: 'EUR',
          },
        ],
        meta: { pageNumber: 0, pageSize: 50, resultCount: 3, totalCount: 3 },
      },
    },
  },
  postPayments: {
    request: {
      payments: [
        {
          amount: 496,
          bankReferenceCode: '20260312',
          bankReferenceCodeType: 'FI',
          recipientBankAccount: 'FI7747100010001238',
          recipientBicCode: 'POPFFI22',
          paymentMethod: 'FINNISH_BANK_TRANSFER',
          payerBankAccount: 'FI3715903000000776',
          paymentDate: '2026-03-20',
          recipientNameAndAddress: {
            name: 'Kuopion Varaosa Oy',
            street: 'Satamakatu 3',
            zip: '70100',
            city: 'Kuopio',
            country: 'FINLAND',
          },
          invoiceId: 2,
          invoiceVersion: '2026-03-16T09:00:00.003',
        },
      ],
    },
    responses: {
      202: { transactionIdentifier: '25d5f6a1-bce5-46a3-bb9f-80c52c22bace', confirmationApp: 'TASE_AUTHENTICATOR' },
    },
  },
  getPaymentsPaymentevents: {
    responses: { 200: { results: [], meta: { pageNumber: 0, pageSize: 50, resultCount: 0, totalCount: 0 } } },
  },
  getPaymentsByPaymentId: {
    responses: {
      200: {
        id: 1,
        invoiceId: 2,
        paymentDate: '2026-03-20',
        amount: 496,
        receiverName: 'Kuopion Varaosa Oy',
        status: 'PAYMENT_QUEUED',
        currency: 'EUR',
        payerAccount: 'FI3715903000000776',
        payerBic: 'NDEAFIHH',
        receiverAccount: 'FI7747100010001238',
        receiverBic: 'POPFFI22',
        createdBy: 'Demo User',
        endToEndId: 'TASE-PAY-1',
      },
    },
  },
  deletePaymentsByPaymentId: {
    responses: {
      202: { transactionIdentifier: '524cde83-82f2-4b19-a3f0-dd43e7a7db5f', confirmationApp: 'TASE_AUTHENTICATOR' },
    },
  },
  putPaymentsByPaymentIdCancel: {
    responses: {
      202: { transactionIdentifier: '7f96f91c-e872-480c-a3c8-08ab879b1477', confirmationApp: 'TASE_AUTHENTICATOR' },
    },
  },
  postPaymentsDirectbanktransfers: {
    request: {
      directBankTransfers: [
        {
          amount: 250,
          message: 'Vuokratakuu, Hämeenkatu 10',
          recipientBankAccount: 'FI1380001700012345',
          recipientBicCode: 'DABAFIHH',
          paymentMethod: 'FINNISH_BANK_TRANSFER',
          payerBankAccount: 'FI3715903000000776',
          paymentDate: '2026-03-20',
          recipientNameAndAddress: {
            name: 'Tampereen Toimitilat Oy',
            street: 'Hämeenkatu 10',
            zip: '33100',
            city: 'Tampere',
            country: 'FINLAND',
          },
          currencyCode: 'EUR',
          customId: 'DBT-2026-0007',
        },
      ],
    },
    responses: {
      202: { transactionIdentifier: '5943b015-0b8d-4199-be24-7f9e823d41a5', confirmationApp: 'TASE_AUTHENTICATOR' },
    },
  },
  getPaymentsDirectsalarypayments: {
    responses: {
      200: {
        results: [
          {
            id: 1,
            listName: 'Palkat maaliskuu 2026',
            created: '2026-03-16T09:00:00',
            status: 'PAYMENT_QUEUED',
            paymentMethod: 'FINNISH_SALARY_TRANSFER',
            paymentDate: '2026-03-31T00:00:00',
            payerBankAccount: 'FI3715903000000776',
            totalSum: 2712.4,
            customId: 'PALKKA-2026-03',
          },
        ],
        meta: { pageNumber: 0, pageSize: 50, resultCount: 1, totalCount: 1 },
      },
    },
  },
  postPaymentsDirectsalarypayments: {
    request: {
      listName: 'Palkat maaliskuu 2026',
      paymentMethod: 'FINNISH_SALARY_TRANSFER',
      paymentDate: '2026-03-31',
      payerBankAccount: 'FI3715903000000776',
      customId: 'PALKKA-2026-03',
      payments: [
        {
          amount: 2712.4,
          message: 'Palkka 3/2026',
          recipientBankAccount: 'FI4950009420028730',
          recipientBicCode: 'OKOYFIHH',
          recipientName: 'Matti Virtanen',
          recipientCode: { brnType: 'HETU', code: '150585-123L' },
          currencyCode: 'EUR',
          customId: 'PALKKA-2026-03-1',
        },
      ],
    },
    responses: {
      202: { transactionIdentifier: 'ae4b2786-1afb-4e1c-a426-cf9f1fd9f48f', confirmationApp: 'TASE_AUTHENTICATOR' },
    },
  },
  getPaymentsDirectsalarypaymentsByPaymentListId: {
    responses: {
      200: {
        id: 1,
        listName: 'Palkat maaliskuu 2026',
        created: '2026-03-16T09:00:00',
        status: 'PAYMENT_QUEUED',
        paymentMethod: 'FINNISH_SALARY_TRANSFER',
        paymentDate: '2026-03-31T00:00:00',
        payerBankAccount: 'FI3715903000000776',
        totalSum: 2712.4,
        customId: 'PALKKA-2026-03',
        payments: [{ paymentId: 3, customId: 'PALKKA-2026-03-1' }],
      },
    },
  },
  putPaymentsDirectsalarypaymentsByPaymentListIdCancel: {
    responses: {
      202: { transactionIdentifier: '38df7021-c385-4b8d-b814-6b818d9f0463', confirmationApp: 'TASE_AUTHENTICATOR' },
    },
  },
  postPaymentsFiles: {
    responses: {
      200: {
        files: [
          {
            id: 1,
            messageId: 'C1R1-1',
            payerBankAccount: 'FI3715903000000776',
            paymentDate: '2026-03-20',
            numberOfTransactions: 1,
            controlSum: 250,
            created: '2026-03-16T09:00:00',
          },
        ],
        notExported: [],
      },
    },
  },
  getPaymentsFiles: {
    responses: { 200: { results: [], meta: { pageNumber: 0, pageSize: 50, resultCount: 0, totalCount: 0 } } },
  },
};
