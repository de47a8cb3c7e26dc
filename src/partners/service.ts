// The partners area's service: one object over its resources, each served by its own file.
import type { AppContext } from '../platform/context.ts';
import type { DimensionService } from '../dimensions/index.ts';
import { BusinessPartners } from './business-partners.ts';
import { PartnerDefaults } from './defaults.ts';
import { FactoringContracts } from './factoring.ts';
import { PartnerGroups } from './groups.ts';
import { Persons } from './persons.ts';

export class PartnerService {
  // business partners
  readonly create: BusinessPartners['create'];
  readonly get: BusinessPartners['get'];
  readonly search: BusinessPartners['search'];
  readonly replace: BusinessPartners['replace'];
  readonly patch: BusinessPartners['patch'];
  // defaults of partners and persons
  readonly listPartnerDefaultDimensions: PartnerDefaults['listPartnerDefaultDimensions'];
  readonly getPartnerDefaultDimension: PartnerDefaults['getPartnerDefaultDimension'];
  readonly putPartnerDefaultDimension: PartnerDefaults['putPartnerDefaultDimension'];
  readonly getDefaultAccounts: PartnerDefaults['getDefaultAccounts'];
  readonly putDefaultAccounts: PartnerDefaults['putDefaultAccounts'];
  readonly getDefaultProducts: PartnerDefaults['getDefaultProducts'];
  readonly putDefaultProducts: PartnerDefaults['putDefaultProducts'];
  readonly getPersonDefaultProducts: PartnerDefaults['getPersonDefaultProducts'];
  readonly listPersonDefaultDimensions: PartnerDefaults['listPersonDefaultDimensions'];
  readonly getPersonDefaultDimension: PartnerDefaults['getPersonDefaultDimension'];
  readonly putPersonDefaultDimension: PartnerDefaults['putPersonDefaultDimension'];
  // persons
  readonly createPersonForMember: Persons['createPersonForMember'];
  readonly getPersons: Persons['getPersons'];
  readonly replacePerson: Persons['replacePerson'];
  readonly createPerson: Persons['createPerson'];
  readonly searchPersons: Persons['searchPersons'];
  readonly personalDetails: Persons['personalDetails'];
  // partner groups
  readonly searchGroups: PartnerGroups['searchGroups'];
  readonly getGroup: PartnerGroups['getGroup'];
  readonly createGroup: PartnerGroups['createGroup'];
  readonly replaceGroup: PartnerGroups['replaceGroup'];
  // factoring contracts
  readonly searchFactoringContracts: FactoringContracts['searchFactoringContracts'];
  readonly swedishFactoringContract: FactoringContracts['swedishFactoringContract'];
  readonly createFactoringContract: FactoringContracts['createFactoringContract'];

  constructor(ctx: AppContext, dimensions: DimensionService) {
    const partners = new BusinessPartners(ctx);
    this.create = partners.create.bind(partners);
    this.get = partners.get.bind(partners);
    this.search = partners.search.bind(partners);
    this.replace = partners.replace.bind(partners);
    this.patch = partners.patch.bind(partners);
    const defaults = new PartnerDefaults(ctx, dimensions, partners);
    this.listPartnerDefaultDimensions = defaults.listPartnerDefaultDimensions.bind(defaults);
    this.getPartnerDefaultDimension = defaults.getPartnerDefaultDimension.bind(defaults);
    this.putPartnerDefaultDimension = defaults.putPartnerDefaultDimension.bind(defaults);
    this.getDefaultAccounts = defaults.getDefaultAccounts.bind(defaults);
    this.putDefaultAccounts = defaults.putDefaultAccounts.bind(defaults);
    this.getDefaultProducts = defaults.getDefaultProducts.bind(defaults);
    this.putDefaultProducts = defaults.putDefaultProducts.bind(defaults);
    this.getPersonDefaultProducts = defaults.getPersonDefaultProducts.bind(defaults);
    this.listPersonDefaultDimensions = defaults.listPersonDefaultDimensions.bind(defaults);
    this.getPersonDefaultDimension = defaults.getPersonDefaultDimension.bind(defaults);
    this.putPersonDefaultDimension = defaults.putPersonDefaultDimension.bind(defaults);
    const persons = new Persons(ctx, partners);
    this.createPersonForMember = persons.createPersonForMember.bind(persons);
    this.getPersons = persons.getPersons.bind(persons);
    this.replacePerson = persons.replacePerson.bind(persons);
    this.createPerson = persons.createPerson.bind(persons);
    this.searchPersons = persons.searchPersons.bind(persons);
    this.personalDetails = persons.personalDetails.bind(persons);
    const groups = new PartnerGroups(ctx);
    this.searchGroups = groups.searchGroups.bind(groups);
    this.getGroup = groups.getGroup.bind(groups);
    this.createGroup = groups.createGroup.bind(groups);
    this.replaceGroup = groups.replaceGroup.bind(groups);
    const contracts = new FactoringContracts(ctx);
    this.searchFactoringContracts = contracts.searchFactoringContracts.bind(contracts);
    this.swedishFactoringContract = contracts.swedishFactoringContract.bind(contracts);
    this.createFactoringContract = contracts.createFactoringContract.bind(contracts);
  }
}
