// The tenant register's reads for the areas below this one and the shared layers (src/platform/company-register.ts),
// handed to them as `ctx.companies` through this area's descriptor.
import type { CompanyRegister } from '../platform/company-register.ts';
import { companyIds, companyNames, getCompany, lockCompany } from './store.ts';

export const companyRegister: CompanyRegister = {
  company: getCompany,
  ids: companyIds,
  names: companyNames,
  lock: lockCompany,
};
