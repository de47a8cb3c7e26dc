// The receipt type of a fiscal year's opening balances: booked by the year-end closing (year-end.ts), left out of
// the month totals (account-months.ts) and the reports, which carry balance-sheet balances across years themselves.
export const OPENING_RECEIPT_TYPE = 'RECEIPT_FOR_OPENING_ACCOUNTS';
