// Examples of this area's request bodies and answers in the OpenAPI document, by operationId (src/platform/openapi-examples.ts).
import type { ApiExamples } from '../platform/openapi-examples.ts';

export const reportsExamples: ApiExamples = {
  postReportsAccounting: {
    request: {
      startDate: '2026-01-01',
      endDate: '2026-03-31',
      type: 'INCOME_STATEMENT',
      comparisonPeriods: [{ startDate: '2025-01-01', endDate: '2025-03-31' }],
    },
    responses: {
      200: {
        reportParameters: {
          startDate: '2026-01-01',
          endDate: '2026-03-31',
          type: 'INCOME_STATEMENT',
          comparisonPeriods: [{ startDate: '2025-01-01', endDate: '2025-03-31' }],
        },
        reportData: {
          periods: [
            {
              startDate: '2026-01-01',
              endDate: '2026-03-31',
              rows: [
                { rowId: 1, type: 'BALANCE', name: 'Liikevaihto', value: 432 },
                {
                  rowId: 2,
                  type: 'BALANCE',
                  name: 'Valmiiden ja keskeneräisten tuotteiden varastojen muutos',
                  value: 0,
                },
                { rowId: 3, type: 'BALANCE', name: 'Valmistus omaan käyttöön', value: 0 },
              ],
            },
            {
              startDate: '2025-01-01',
              endDate: '2025-03-31',
              rows: [
                { rowId: 1, type: 'BALANCE', name: 'Liikevaihto', value: 0 },
                {
                  rowId: 2,
                  type: 'BALANCE',
                  name: 'Valmiiden ja keskeneräisten tuotteiden varastojen muutos',
                  value: 0,
                },
                { rowId: 3, type: 'BALANCE', name: 'Valmistus omaan käyttöön', value: 0 },
              ],
            },
          ],
        },
      },
    },
  },
  postReportsLedgeraccounts: {
    request: { startDate: '2026-01-01', endDate: '2026-03-31' },
    responses: {
      200: {
        reportParameters: { startDate: '2026-01-01', endDate: '2026-03-31' },
        reportData: {
          periods: [
            {
              startDate: '2026-01-01',
              endDate: '2026-03-31',
              rows: [
                { name: '1700 Myyntisaamiset', value: -999.99 },
                { name: '1763 Arvonlisäverosaamiset', value: 110.32 },
                { name: '1910 Pankkitili 1', value: 1497.15 },
              ],
            },
          ],
        },
      },
    },
  },
  postReportsGeneralledgerByLedgerAccountCode: {
    request: { startDate: '2026-03-01', endDate: '2026-03-31' },
    responses: {
      200: {
        reportParameters: { startDate: '2026-03-01', endDate: '2026-03-31' },
        ledgerAccount: { id: '7000', name: 'Toimitilavuokrat', totalAccountingValue: 0, ledgerReceiptTransactions: [] },
      },
    },
  },
  getReportsTrialbalance: {
    responses: {
      200: {
        startDate: '2026-02-01',
        endDate: '2026-03-31',
        fiscalYearStartDate: '2026-01-01',
        endFiscalYearStartDate: '2026-01-01',
        accounts: [
          {
            accountNumber: '1700',
            name: 'Myyntisaamiset',
            type: 'ASSET',
            openingBalance: 0,
            debit: 429.84,
            credit: 1429.83,
            closedAtYearStart: 0,
            closingBalance: -999.99,
          },
          {
            accountNumber: '1763',
            name: 'Arvonlisäverosaamiset',
            type: 'ASSET',
            openingBalance: 0,
            debit: 110.32,
            credit: 0,
            closedAtYearStart: 0,
            closingBalance: 110.32,
          },
          {
            accountNumber: '1910',
            name: 'Pankkitili 1',
            type: 'ASSET',
            openingBalance: 0,
            debit: 1542.15,
            credit: 45,
            closedAtYearStart: 0,
            closingBalance: 1497.15,
          },
        ],
        totals: { openingBalance: 0, debit: 8067.16, credit: 8067.16, closingBalance: 0 },
        previousYearsResult: 0,
      },
    },
  },
  getReportsGeneralledger: {
    responses: {
      200: {
        startDate: '2026-02-01',
        endDate: '2026-03-31',
        accounts: [
          {
            accountNumber: '1700',
            name: 'Myyntisaamiset',
            type: 'ASSET',
            openingBalance: 0,
            debit: 429.84,
            credit: 1429.83,
            closingBalance: -999.99,
          },
          {
            accountNumber: '1763',
            name: 'Arvonlisäverosaamiset',
            type: 'ASSET',
            openingBalance: 0,
            debit: 110.32,
            credit: 0,
            closingBalance: 110.32,
          },
          {
            accountNumber: '1910',
            name: 'Pankkitili 1',
            type: 'ASSET',
            openingBalance: 0,
            debit: 1542.15,
            credit: 45,
            closingBalance: 1497.15,
          },
        ],
        results: [
          {
            accountNumber: '1700',
            date: '2026-03-11',
            ledgerReceiptId: 8,
            receiptNumber: 8,
            receiptName: 'Iso Maksaja Oy 2026-03-11',
            receiptType: 'REFERENCE_PAYMENT',
            transactionId: 21,
            description: 'Ennakkomaksu, tilaus PO-2026-118 Reference 1234561',
            vatPercent: 0,
            accountingValue: -999.99,
            balance: -999.99,
          },
          {
            accountNumber: '1700',
            date: '2026-03-13',
            ledgerReceiptId: 7,
            receiptNumber: 7,
            receiptName: 'Payment of invoice 1',
            receiptType: 'JOURNAL',
            transactionId: 19,
            partnerId: 2,
            accountingValue: -400.86,
            balance: -1400.85,
          },
        ],
        meta: { pageNumber: 0, pageSize: 50, resultCount: 35, totalCount: 35 },
      },
    },
  },
  getReportsLedgeraccountsBalances: {
    responses: {
      200: {
        date: '2026-03-16',
        fiscalYearStartDate: '2026-01-01',
        balances: [
          { accountNumber: '1700', name: 'Myyntisaamiset', type: 'ASSET', balance: -999.99 },
          { accountNumber: '1763', name: 'Arvonlisäverosaamiset', type: 'ASSET', balance: 110.32 },
          { accountNumber: '1910', name: 'Pankkitili 1', type: 'ASSET', balance: 1497.15 },
        ],
      },
    },
  },
  getReportsFinancialstatements: {
    responses: {
      200: {
        companyName: 'Esimerkki Oy',
        businessId: '1234567-1',
        currency: 'EUR',
        format: 'SMALL',
        language: 'fi',
        fiscalYear: { id: 2, startDate: '2026-01-01', endDate: '2026-12-31', closed: false },
        previousFiscalYear: { id: 1, startDate: '2025-01-01', endDate: '2025-12-31', closed: true },
        incomeStatement: [
          { key: 'revenue', name: 'Liikevaihto', subtotal: false, value: 120000, previousValue: 95000 },
          { key: 'profit', name: 'Tilikauden voitto (tappio)', subtotal: true, value: 18250.5, previousValue: 9100 },
        ],
        balanceSheet: [
          {
            key: 'shareCapital',
            name: 'Osake-, osuus- tai muu vastaava pääoma',
            subtotal: false,
            value: 2500,
            previousValue: 2500,
          },
          { key: 'sharePremium', name: 'Ylikurssirahasto', subtotal: false, value: 10000, previousValue: 10000 },
          { key: 'revaluationReserve', name: 'Arvonkorotusrahasto', subtotal: false, value: 5000, previousValue: 0 },
          { key: 'reserves', name: 'Muut rahastot', subtotal: false, value: 0, previousValue: 0 },
        ],
        notes: [
          {
            heading: 'Tilinpäätöksen laatimisperiaatteet',
            text: 'Tilinpäätös on laadittu pien- ja mikroyrityksen tilinpäätöksessä esitettävistä tiedoista annetun valtioneuvoston asetuksen (1753/2015) mukaisesti.',
            toBeFilled: false,
          },
          { heading: 'Henkilöstön keskimääräinen lukumäärä tilikaudella', toBeFilled: true },
        ],
        unmappedAccounts: [],
      },
    },
  },
};
