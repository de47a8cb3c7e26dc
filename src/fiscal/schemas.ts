import { Type, DateString, StringEnum, type Static } from '../platform/schema.ts';

const Status = StringEnum(['OPEN', 'CLOSED']);

const FiscalPeriod = Type.Object(
  {
    id: Type.Integer(),
    startDate: DateString(),
    endDate: DateString(),
    status: Status,
  },
  { $id: 'FiscalPeriod', title: 'FiscalPeriod', additionalProperties: false, description: 'A monthly period of a fiscal year; nothing is posted into a CLOSED one.' },
);

export const FiscalYear = Type.Object(
  {
    id: Type.Integer(),
    startDate: DateString(),
    endDate: DateString(),
    status: Status,
    periods: Type.Array(FiscalPeriod),
  },
  { $id: 'FiscalYear', title: 'FiscalYear', additionalProperties: false },
);
export type FiscalYearWire = Static<typeof FiscalYear>;

export const FiscalYears = Type.Object({ fiscalYears: Type.Array(FiscalYear) }, { title: 'FiscalYears' });

export const NewFiscalYear = Type.Object(
  { startDate: DateString(), endDate: DateString() },
  { title: 'NewFiscalYear', additionalProperties: false, description: 'Starts on the first day of a month, ends on the last day of a month, at most 18 months, adjacent to the existing years.' },
);
export type NewFiscalYearWire = Static<typeof NewFiscalYear>;
