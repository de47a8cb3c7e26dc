// Examples of this area's request bodies and answers in the OpenAPI document, by operationId (src/platform/openapi-examples.ts).
import type { ApiExamples } from '../platform/openapi-examples.ts';

export const fiscalExamples: ApiExamples = {
  getFiscalyears: {
    responses: {
      200: {
        fiscalYears: [
          {
            id: 1,
            startDate: '2026-01-01',
            endDate: '2026-12-31',
            modified: '2026-03-16T09:00:00.000',
            trackingPeriods: [
              {
                id: 1,
                startDate: '2026-01-01',
                endDate: '2026-01-31',
                status: 'CLOSED',
                modified: '2026-03-16T09:00:00.001',
              },
              {
                id: 2,
                startDate: '2026-02-01',
                endDate: '2026-02-28',
                status: 'CLOSED',
                modified: '2026-03-16T09:00:00.001',
              },
              {
                id: 3,
                startDate: '2026-03-01',
                endDate: '2026-03-31',
                status: 'OPEN',
                modified: '2026-03-16T09:00:00.000',
              },
            ],
            isOpen: true,
            status: 'OPEN',
            periods: [
              { id: 1, startDate: '2026-01-01', endDate: '2026-01-31', status: 'CLOSED' },
              { id: 2, startDate: '2026-02-01', endDate: '2026-02-28', status: 'CLOSED' },
              { id: 3, startDate: '2026-03-01', endDate: '2026-03-31', status: 'OPEN' },
            ],
          },
          {
            id: 2,
            startDate: '2027-01-01',
            endDate: '2027-12-31',
            modified: '2026-03-16T09:00:00.000',
            trackingPeriods: [
              {
                id: 13,
                startDate: '2027-01-01',
                endDate: '2027-01-31',
                status: 'OPEN',
                modified: '2026-03-16T09:00:00.000',
              },
              {
                id: 14,
                startDate: '2027-02-01',
                endDate: '2027-02-28',
                status: 'OPEN',
                modified: '2026-03-16T09:00:00.000',
              },
              {
                id: 15,
                startDate: '2027-03-01',
                endDate: '2027-03-31',
                status: 'OPEN',
                modified: '2026-03-16T09:00:00.000',
              },
            ],
            isOpen: true,
            status: 'OPEN',
            periods: [
              { id: 13, startDate: '2027-01-01', endDate: '2027-01-31', status: 'OPEN' },
              { id: 14, startDate: '2027-02-01', endDate: '2027-02-28', status: 'OPEN' },
              { id: 15, startDate: '2027-03-01', endDate: '2027-03-31', status: 'OPEN' },
            ],
          },
        ],
      },
    },
  },
  postFiscalyears: {
    request: { startDate: '2027-01-01', endDate: '2027-12-31' },
    responses: {
      200: {
        id: 2,
        startDate: '2027-01-01',
        endDate: '2027-12-31',
        modified: '2026-03-16T09:00:00.000',
        trackingPeriods: [
          {
            id: 13,
            startDate: '2027-01-01',
            endDate: '2027-01-31',
            status: 'OPEN',
            modified: '2026-03-16T09:00:00.000',
          },
          {
            id: 14,
            startDate: '2027-02-01',
            endDate: '2027-02-28',
            status: 'OPEN',
            modified: '2026-03-16T09:00:00.000',
          },
          {
            id: 15,
            startDate: '2027-03-01',
            endDate: '2027-03-31',
            status: 'OPEN',
            modified: '2026-03-16T09:00:00.000',
          },
        ],
        isOpen: true,
        status: 'OPEN',
        periods: [
          { id: 13, startDate: '2027-01-01', endDate: '2027-01-31', status: 'OPEN' },
          { id: 14, startDate: '2027-02-01', endDate: '2027-02-28', status: 'OPEN' },
          { id: 15, startDate: '2027-03-01', endDate: '2027-03-31', status: 'OPEN' },
        ],
      },
    },
  },
  putFiscalyearsByFiscalYearIdClose: { responses: { 200: { message: 'Fiscal year 2025-01-01 – 2025-12-31 closed.' } } },
  putFiscalyearsByFiscalYearIdOpen: {
    responses: { 200: { message: 'Fiscal year 2025-01-01 – 2025-12-31 reopened.' } },
  },
  putFiscalyearsByFiscalYearIdPeriodsByPeriodIdClose: {
    responses: { 200: { message: 'Fiscal period 2026-02-01 – 2026-02-28 closed.' } },
  },
  putFiscalyearsByFiscalYearIdPeriodsByPeriodIdOpen: {
    responses: { 200: { message: 'Fiscal period 2026-01-01 – 2026-01-31 opened.' } },
  },
  putFiscalyearsByFiscalYearIdTrackingPeriodsByTrackingPeriodId: {
    request: { status: 'CLOSED' },
    responses: { 200: { message: 'Fiscal period 2026-01-01 – 2026-01-31 closed.' } },
  },
};
