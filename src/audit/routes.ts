// HTTP of the audit trail of the books (our addition: the real interface has no audit operation).
import { ADDITION, PagingQuery, Type } from '../platform/schema.ts';
import { route, view, type RouteDef } from '../platform/route.ts';
import { pageRequest } from '../platform/paging.ts';
import { apiError } from '../platform/errors.ts';
import { AuditEventPage, AuditQuery } from './schemas.ts';
import type { AuditService } from './service.ts';

export function auditRoutes(audit: AuditService): RouteDef[] {
  return [
    route({
      method: 'GET',
      path: '/audittrail',
      right: view('accounting.reports'),
      tags: ['Audit trail'],
      summary: 'The audit trail of the books',
      description:
        'Every change to the books beyond vouchers (whose trail is `GET /ledgerreceipts/{id}/history`), oldest first: periods and fiscal years closed, reopened or marked pending (FISCAL_PERIOD, FISCAL_YEAR), VAT returns filed (VAT_RETURN), ledger accounts added or changed (LEDGER_ACCOUNT) — who, when, and the subject before and after. Append-only: nothing in it is ever changed or removed (Kirjanpitolaki 2:6–7 §). Paged with `page` and `size`.',
      schema: {
        ...ADDITION,
        querystring: Type.Object(
          { ...AuditQuery.properties, page: PagingQuery.page, size: PagingQuery.size },
          { additionalProperties: false },
        ),
        response: { 200: AuditEventPage },
      },
      handler: ({ auth, query }) => {
        if (query.subjectId !== undefined && query.subject === undefined)
          throw apiError('REQUIRED_FIELD_MISSING', 'subject', { field: 'subject' });
        if (query.startDate && query.endDate && query.startDate > query.endDate)
          throw apiError('START_DATE_AFTER_END_DATE', 'startDate');
        return audit.list(
          auth.companyId,
          { subject: query.subject, subjectId: query.subjectId, first: query.startDate, last: query.endDate },
          pageRequest({ page: query.page, size: query.size }),
        );
      },
    }),
  ];
}
