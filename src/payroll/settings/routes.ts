// HTTP of the company's payroll settings of Tase's own: the group life insurance rate of a year.
import { ADDITION } from '../../platform/schema.ts';
import { edit, route, view, type RouteDef } from '../../platform/route.ts';
import { notFound } from '../../platform/errors.ts';
import type { AppContext } from '../../platform/context.ts';
import { setGroupLifeRate } from './group-life.ts';
import { contactPerson, setContactPerson } from '../incomes-register/settings.ts';
import { GroupLifeInsuranceRate, IncomesRegisterContact } from './schemas.ts';

export function payrollSettingsRoutes(ctx: AppContext): RouteDef[] {
  return [
    route({
      method: 'PUT',
      path: '/payrolls/salariesbasicinfo/grouplifeinsurance',
      right: edit('salaries.salaries'),
      tags: ['Payroll'],
      summary: "Set the company's group life insurance rate of a year",
      description:
        "The employer's group life insurance (ryhmähenkivakuutus) contribution of the slips paid in `year`, " +
        'replacing the usual rate of the year (0.06 %) or a rate set before. Slips calculated from then on (a new ' +
        "list, a slip's change, its approval) use it, and the employer contributions posted on approval (6430 " +
        "against 2965) follow; a list entry's own `groupLifeInsurancePercent` still goes before it. GET " +
        '/payrolls/salariesbasicinfo?year= shows the rate in `yearlyFigures`.',
      schema: { ...ADDITION, body: GroupLifeInsuranceRate, response: { 200: GroupLifeInsuranceRate } },
      handler: ({ auth, body }) => setGroupLifeRate(ctx, auth.companyId, body),
    }),
    route({
      method: 'GET',
      path: '/payrolls/salariesbasicinfo/incomesregistercontact',
      right: view('salaries.salaries'),
      tags: ['Payroll'],
      summary: "The company's payroll contact person for the Incomes Register",
      description: '404 until one is set.',
      schema: { ...ADDITION, response: { 200: IncomesRegisterContact } },
      handler: async ({ auth }) => {
        const contact = await contactPerson(ctx.db, auth.companyId);
        if (!contact) throw notFound('Incomes Register contact person');
        return contact;
      },
    }),
    route({
      method: 'PUT',
      path: '/payrolls/salariesbasicinfo/incomesregistercontact',
      right: edit('salaries.salaries'),
      tags: ['Payroll'],
      summary: "Set the company's payroll contact person for the Incomes Register",
      description:
        'The contact person (name, telephone, e-mail) every earnings payment message of the company names in ' +
        '`ContactPersons`, which the register requires: `tase admin payroll incomes-register` refuses to write a ' +
        'message of a company without one. Also `tase admin payroll contact-person`.',
      schema: { ...ADDITION, body: IncomesRegisterContact, response: { 200: IncomesRegisterContact } },
      handler: ({ auth, body }) => setContactPerson(ctx, auth.companyId, body),
    }),
  ];
}
