// HTTP of the audit trail of vouchers (our addition: the real interface has none).
import {
  Type,
  ADDITION,
  DateString,
  DateTimeString,
  DecimalNumber,
  Money,
  PathId,
  StringEnum,
} from '../platform/schema.ts';
import { route, view, type RouteDef } from '../platform/route.ts';
import { parseId } from '../platform/batch.ts';
import type { LedgerService } from './service.ts';

const SnapshotLine = Type.Object(
  {
    id: Type.Integer(),
    account: Type.String(),
    accountingValue: Money(),
    vatPercent: DecimalNumber({ scale: 2 }),
    vatType: Type.Optional(Type.String()),
    vatStatus: Type.Optional(Type.Integer()),
    description: Type.Optional(Type.String()),
    dimensionItemValues: Type.Optional(
      Type.Array(Type.Object({ dimensionId: Type.Integer(), itemId: Type.Integer(), value: Money() })),
    ),
  },
  { additionalProperties: false },
);

const Snapshot = Type.Object(
  {
    status: Type.String(),
    name: Type.String(),
    receiptDate: DateString(),
    vatType: Type.String(),
    vatStatus: Type.Integer(),
    version: Type.String(),
    transactions: Type.Array(SnapshotLine),
  },
  { title: 'ReceiptSnapshot', additionalProperties: false },
);

const ReceiptHistory = Type.Object(
  {
    receiptId: Type.Integer(),
    changes: Type.Array(
      Type.Object(
        {
          id: Type.Integer(),
          action: StringEnum(['APPROVE', 'REOPEN', 'EDIT', 'INVALIDATE']),
          userId: Type.Union([Type.Integer(), Type.Null()], {
            description: 'Who made the change; null when the document it belongs to changed it.',
          }),
          changedAt: DateTimeString(),
          before: Snapshot,
          after: Snapshot,
        },
        { additionalProperties: false },
      ),
    ),
  },
  { $id: 'ReceiptHistory', title: 'ReceiptHistory', additionalProperties: false },
);

export function historyRoutes(ledger: LedgerService): RouteDef[] {
  return [
    route({
      method: 'GET',
      path: '/ledgerreceipts/:receiptId/history',
      right: view('accounting.ledgerReceipts'),
      tags: ['Ledger'],
      summary: 'The audit trail of a voucher',
      description:
        'Every change to the receipt since it was first approved (Kirjanpitolaki 2:6–7 §): approval, reopening, edits of its transactions or dimensions, invalidation — who, when, and the receipt before and after. Append-only: nothing in it is ever changed or removed. Empty while the receipt was never approved.',
      schema: {
        ...ADDITION,
        params: Type.Object({ receiptId: PathId('Ledger receipt id (int32).') }),
        response: { 200: ReceiptHistory },
      },
      handler: ({ auth, params }) => ledger.history(auth.companyId, parseId(params.receiptId, 'Ledger receipt')),
    }),
  ];
}
