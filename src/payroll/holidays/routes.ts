// HTTP of the company's holiday terms (Tase's: the real interface has no endpoint for them).
import { ADDITION } from '../../platform/schema.ts';
import { edit, route, view, type RouteDef } from '../../platform/route.ts';
import type { AppContext } from '../../platform/context.ts';
import { HolidayTerms, HolidayTermsSettings } from './terms.ts';

const TAGS = ['Payroll'];
const RULES =
  'Each period holds from its `validFrom` until the next begins; before the first, the common terms hold (a ' +
  'holiday bonus of 50 % paid with the holiday, no additional leave). A credit year (1.4.–31.3.) follows the ' +
  'terms in force on its last day: the holiday bonus percentage of its holiday pay and the additional leave days ' +
  'it earns (`GET /payrolls/employees/{id}/holidaypay`, pay leaves, the bonus rows of salary lists). When the bonus ' +
  'is paid follows the terms in force on the payday of the list.';

export function holidayTermsRoutes(ctx: AppContext): RouteDef[] {
  const settings = new HolidayTermsSettings(ctx);
  return [
    route({
      method: 'GET',
      path: '/payrolls/holidayterms',
      right: view('salaries.salaries'),
      tags: TAGS,
      summary: "The company's holiday terms",
      description:
        "The holiday bonus (lomaraha) and additional leave of the company's collective agreement, by the day they " +
        `take effect; the common terms from 2000-01-01 (without a version) until the company sets its own. ${RULES}`,
      schema: { ...ADDITION, response: { 200: HolidayTerms } },
      handler: ({ auth }) => settings.get(auth.companyId),
    }),
    route({
      method: 'PUT',
      path: '/payrolls/holidayterms',
      right: edit('salaries.salaries'),
      tags: TAGS,
      summary: "Replace the company's holiday terms",
      description:
        'Every period at once, all or nothing; `version`, when sent, must be the current one ' +
        '(`STALE_VERSION` otherwise). Two periods of one day are `DUPLICATE_HOLIDAY_TERMS_DATE`; ' +
        '`holidayBonusMonth` is given with ON_MONTH and only then (`HOLIDAY_BONUS_MONTH`). Lists and approvals ' +
        `made later follow the new terms; slips already made keep their rows. ${RULES}`,
      version: 'optional',
      schema: { ...ADDITION, body: HolidayTerms, response: { 200: HolidayTerms } },
      handler: ({ auth, body }) => settings.replace(auth.companyId, body),
    }),
  ];
}
