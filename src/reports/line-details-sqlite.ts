// SQLite: the pairs as a list of row values, which it looks up one by one in the primary key; in chunks that keep
// the bound parameters far under its limit (an account's lines are read up to 10 000 at a time).
import type { LineDetail, LineDetails } from './line-details.ts';

const PAIRS = 500;

export const sqliteLineDetails: LineDetails = async (db, companyId, keys) => {
  const details: LineDetail[] = [];
  for (let i = 0; i < keys.length; i += PAIRS) {
    const chunk = keys.slice(i, i + PAIRS);
    details.push(
      ...(await db
        .selectFrom('ledger_entries')
        .select(['receipt_id', 'id', 'description', 'partner_id', 'vat_percent', 'vat_status'])
        .where('company_id', '=', companyId)
        .where((eb) =>
          eb(
            eb.refTuple('receipt_id', 'id'),
            'in',
            chunk.map((k) => eb.tuple(Number(k.receipt_id), Number(k.id))),
          ),
        )
        .execute()),
    );
  }
  return details;
};
