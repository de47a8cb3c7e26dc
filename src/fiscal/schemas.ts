import { Type, Addition, DateString, DateTimeString, StringEnum, type Static } from '../platform/schema.ts';

const Status = StringEnum(['OPEN', 'CLOSED']);

const FiscalPeriod = Type.Object(
  {
    id: Type.Integer(),
    startDate: DateString(),
    endDate: DateString(),
    status: Status,
  },
  {
    $id: 'FiscalPeriod',
    title: 'FiscalPeriod',
    additionalProperties: false,
    description: 'A monthly period of a fiscal year; nothing is posted into a CLOSED one.',
  },
);

/** A period as the real interface names it: the same monthly periods, with the time of their last change. */
const TrackingPeriod = Type.Object(
  {
    id: Type.Integer(),
    startDate: DateString(),
    endDate: DateString(),
    status: StringEnum(['OPEN', 'CLOSED']),
    modified: DateTimeString(),
  },
  { title: 'TrackingPeriod', additionalProperties: false },
);

export const FiscalYear = Type.Object(
  {
    id: Type.Integer(),
    startDate: DateString(),
    endDate: DateString(),
    modified: DateTimeString({ description: 'Last change of the year (created, closed).' }),
    trackingPeriods: Type.Array(TrackingPeriod),
    isOpen: Type.Boolean({ description: 'False once the year is closed.' }),
    status: Addition(Status),
    periods: Addition(Type.Array(FiscalPeriod, { description: 'The tracking periods without their change times.' })),
  },
  { $id: 'FiscalYear', title: 'FiscalYear', additionalProperties: false },
);
export type FiscalYearWire = Static<typeof FiscalYear>;

export const FiscalYears = Type.Object({ fiscalYears: Type.Array(FiscalYear) }, { title: 'FiscalYears' });

export const NewFiscalYear = Type.Object(
  { startDate: DateString(), endDate: DateString() },
  {
    title: 'NewFiscalYear',
    additionalProperties: false,
    description:
      'Starts on the first day of a month, ends on the last day of a month, at most 18 months, adjacent to the existing years.',
  },
);
export type NewFiscalYearWire = Static<typeof NewFiscalYear>;
