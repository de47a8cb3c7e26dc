// Demo data of the sandbox company, so that an integrator sees a realistic register right away: a cost-centre
// dimension, customers and suppliers, products in groups, a bank account. Everything goes through the areas'
// own services after the same body validation as over HTTP, so every rule of the API applies to it.
import type { AppContext } from '../platform/context.ts';
import { AdminService } from './admin.ts';
import { CompanyDocuments } from './documents.ts';
import { compileValidator } from '../platform/validation.ts';
import { rightsForRole } from '../platform/rights.ts';
import { isoDate } from '../platform/clock.ts';
import { standardRateOn, vatCountry } from '../domain/vat.ts';
import {
  DimensionService,
  productOwner,
  Dimension,
  DefaultDimension,
  type DefaultDimensionWire,
  type DimensionWire,
} from '../dimensions/index.ts';
import {
  PartnerService,
  BusinessPartner,
  DefaultAccounts,
  DefaultProductInput,
  type DefaultAccountsWire,
  type DefaultProductInputWire,
  type PartnerWire,
} from '../partners/index.ts';
import { ProductService, Product, ProductGroup, type ProductGroupWire, type ProductWire } from '../products/index.ts';
import { BankAccountService, CompanyBankAccount, type BankAccountWire } from '../bankaccounts/index.ts';

/** Validates and parses a body exactly as the route of its schema would (decimals, text, required fields). */
function body<T>(schema: unknown, data: unknown): T {
  const { error, value } = compileValidator(schema, 'body')(structuredClone(data));
  if (error) throw error;
  return value as T;
}

const COST_CENTRE = 'Kustannuspaikka';

/** The ids of what the demo data created, for tests and for the printed summary. */
export interface DemoData {
  dimensionId: number;
  customerIds: number[];
  supplierIds: number[];
  productIds: number[];
  productGroupIds: number[];
  bankAccountId: number;
}

export async function seedDemoData(ctx: AppContext, companyId: number, adminUserId: number): Promise<DemoData> {
  const rights = rightsForRole('ADMIN');
  const dimensions = new DimensionService(ctx);
  const partners = new PartnerService(ctx, dimensions);
  const products = new ProductService(ctx);
  const bankAccounts = new BankAccountService(ctx);
  // decimals as text: the body validator takes exact decimals, never binary floats
  const vat = standardRateOn(vatCountry('FINLAND')!, isoDate(ctx.clock.now())).toFixed();

  // a cost-centre dimension; one item is passive (kept for history, refused in new allocations)
  const dimension = await dimensions.create(
    companyId,
    body<DimensionWire>(Dimension, {
      name: COST_CENTRE,
      items: [
        { codeName: 'Hallinto', description: 'Hallinto ja talous' },
        { codeName: 'Myynti', description: 'Myynti ja markkinointi' },
        { codeName: 'Tuotanto', description: 'Tuotanto ja asennus' },
        { codeName: 'Vanha', status: 'P', description: 'Lakkautettu kustannuspaikka' },
      ],
    }),
  );
  const dimensionId = dimension.id!;

  // the company's bank account (OP), default for invoices and payments, booked on 1910
  const bankAccount = await bankAccounts.create(
    companyId,
    body<BankAccountWire>(CompanyBankAccount, {
      iban: 'FI4950009420028730',
      bic: 'OKOYFIHH',
      bankName: 'OP Osuuspankki',
      currency: 'EUR',
      defaultForInvoice: true,
      defaultForPayment: true,
      status: 'ACTIVE',
      ledgerAccount: '1910',
      showAccountOnInvoice: true,
      allowPayments: true,
      allowForeignPayments: false,
      allowSalaryPayments: true,
      allowExpressPayments: false,
    }),
  );

  // product groups and products (defaultAccount from the standard chart)
  const group = async (name: string, type: 'SALES' | 'PURCHASE') =>
    (await products.createGroup(companyId, body<ProductGroupWire>(ProductGroup, { name, type }))).id!;
  const services = await group('Palvelut', 'SALES');
  const supplies = await group('Tarvikkeet', 'PURCHASE');
  const product = async (data: Record<string, unknown>) =>
    (
      await products.create(
        companyId,
        body<ProductWire>(Product, { discount: 0, vat, vatStatus: 1, active: true, currency: 'EUR', ...data }),
      )
    ).id!;
  const consulting = await product({
    type: 'SALES',
    name: 'Konsultointi',
    code: 'K100',
    unit: 'HOUR',
    price: 95,
    defaultAccount: '3000',
    productGroupId: services,
  });
  const training = await product({
    type: 'SALES',
    name: 'Koulutuspäivä',
    code: 'K200',
    unit: 'DAY',
    price: 850,
    defaultAccount: '3000',
    productGroupId: services,
  });
  const licence = await product({
    type: 'SALES',
    name: 'Ohjelmistolisenssi',
    code: 'L100',
    unit: 'MONTH',
    price: '49.90',
    defaultAccount: '3000',
  });
  const paper = await product({
    type: 'PURCHASE',
    name: 'Kopiopaperi A4',
    code: 'P100',
    unit: 'BOX',
    price: '24.90',
    defaultAccount: '4000',
    productGroupId: supplies,
  });
  const cleaning = await product({
    type: 'PURCHASE',
    name: 'Siivouspalvelu',
    code: 'P200',
    unit: 'HOUR',
    price: 38,
    defaultAccount: '4450',
  });
  // charged on late payments: VAT-free fees
  const collectionCosts = await product({
    type: 'SALES',
    name: 'Perintäkulut',
    code: 'X100',
    unit: 'PIECE',
    price: 5,
    vat: 0,
    defaultAccount: '3000',
  });
  const reminderFee = await product({
    type: 'SALES',
    name: 'Muistutusmaksu',
    code: 'X200',
    unit: 'PIECE',
    price: 5,
    vat: 0,
    defaultAccount: '3000',
  });
  await dimensions.putDefault(
    companyId,
    productOwner(companyId, consulting),
    dimensionId,
    body<DefaultDimensionWire>(DefaultDimension, { items: [{ codeName: 'Myynti', percent: 100 }] }),
  );

  // customers and suppliers (Finnish business IDs with valid check digits, valid IBANs)
  const partner = async (data: Record<string, unknown>) =>
    (await partners.businessPartners.create(companyId, rights, body<PartnerWire>(BusinessPartner, data))).id!;
  const address = (name: string, street: string, zip: string, city: string) => ({
    name,
    street,
    zip,
    city,
    country: 'FINLAND',
  });
  const builder = await partner({
    name: 'Rakennus Virtanen Oy',
    type: 'CUSTOMER',
    address: address('Rakennus Virtanen Oy', 'Teollisuuskatu 12', '33100', 'Tampere'),
    billingAddress: address('Rakennus Virtanen Oy', 'PL 45', '33101', 'Tampere'),
    invoicingInfo: {
      customerNumber: 'A1001',
      identifier: '2611504-1',
      identifierType: 'YHD',
      invoiceChannel: 'ELECTRONIC_INVOICE',
      einvoiceAddress: '003726115041',
      einvoiceOperator: '003721291126',
      email: 'laskut@virtanen.example',
      language: 'FINNISH',
    },
    paymentInfo: { paymentMethod: 'BANK_TRANSFER', paymentTermDays: '14', penalInterestRate: '11.5', currency: 'EUR' },
    contactPersons: [{ name: 'Matti Virtanen', email: 'matti@virtanen.example', phone: '+358 40 111 2233' }],
    registryInfo: { phone: '+358 3 123 4567' },
  });
  const cafe = await partner({
    name: 'Kahvila Aurinko Oy',
    type: 'CUSTOMER',
    address: address('Kahvila Aurinko Oy', 'Aleksanterinkatu 5', '00100', 'Helsinki'),
    invoicingInfo: {
      customerNumber: 'A1002',
      identifier: '1732050-2',
      identifierType: 'YHD',
      invoiceChannel: 'EMAIL',
      email: 'talous@aurinko.example',
      bccAddresses: ['kirjanpito@aurinko.example'],
      language: 'FINNISH',
    },
    paymentInfo: { paymentMethod: 'BANK_TRANSFER', paymentTermDays: '7', penalInterestRate: '11.5', currency: 'EUR' },
  });
  const stationer = await partner({
    name: 'Toimistotarvike Lahtinen Oy',
    type: 'SUPPLIER',
    address: address('Toimistotarvike Lahtinen Oy', 'Hämeenkatu 20', '15110', 'Lahti'),
    invoicingInfo: { identifier: '2236067-2', identifierType: 'YHD', language: 'FINNISH' },
    paymentInfo: {
      paymentMethod: 'BANK_TRANSFER',
      bankAccount: 'FI1410093000123458',
      bic: 'NDEAFIHH',
      paymentTermDays: '21',
      currency: 'EUR',
    },
  });
  const cleaner = await partner({
    name: 'Siivouspalvelu Puhdas Oy',
    type: 'SUPPLIER',
    address: address('Siivouspalvelu Puhdas Oy', 'Kauppakatu 3', '40100', 'Jyväskylä'),
    invoicingInfo: { identifier: '1414213-0', identifierType: 'YHD', language: 'FINNISH' },
    paymentInfo: {
      paymentMethod: 'BANK_TRANSFER',
      bankAccount: 'FI5542345670000081',
      paymentTermDays: '14',
      currency: 'EUR',
    },
  });

  // defaults of partners: cost-centre split, special price, default accounts
  await partners.defaults.putPartnerDefaultDimension(
    companyId,
    rights,
    builder,
    dimensionId,
    body<DefaultDimensionWire>(DefaultDimension, {
      items: [
        { codeName: 'Myynti', percent: 60 },
        { codeName: 'Tuotanto', percent: 40 },
      ],
    }),
  );
  await partners.defaults.putDefaultProducts(companyId, rights, builder, [
    body<DefaultProductInputWire>(DefaultProductInput, {
      productId: consulting,
      defaultSettings: { useSpecialPrice: true, specialPrice: 89 },
    }),
  ]);
  await partners.defaults.putDefaultAccounts(
    companyId,
    rights,
    cleaner,
    body<DefaultAccountsWire>(DefaultAccounts, {
      vatPercent: vat,
      vatStatus: 1,
      purchaseInvoiceAccounts: { debitAccount: { code: '4450' }, creditAccount: { code: '2871' } },
    }),
  );

  await seedInvoicingSettings(ctx, companyId, adminUserId, { collectionCosts, reminderFee });

  return {
    dimensionId,
    customerIds: [builder, cafe],
    supplierIds: [stationer, cleaner],
    productIds: [consulting, training, licence, paper, cleaning, collectionCosts, reminderFee],
    productGroupIds: [services, supplies],
    bankAccountId: bankAccount.id!,
  };
}

/**
 * The settings the company's invoices use: the product edition, delivery terms (Incoterms 2020), e-invoice
 * addresses (the OVT code of the business ID), collection and penal expenses, two invoice templates and a
 * verifier list of purchase invoices with the demo administrator.
 */
async function seedInvoicingSettings(
  ctx: AppContext,
  companyId: number,
  adminUserId: number,
  fees: { collectionCosts: number; reminderFee: number },
): Promise<void> {
  const documents = new CompanyDocuments(ctx);
  await new AdminService(ctx).setProductVersion(companyId, 'FINANCIALS_PLUS');
  await documents.replaceDocument(companyId, 'deliveryterms', {
    deliveryTerms: [
      'EXW Ex Works',
      'FCA Free Carrier',
      'CPT Carriage Paid To',
      'CIP Carriage and Insurance Paid To',
      'DAP Delivered at Place',
      'DDP Delivered Duty Paid',
    ],
  });
  await documents.replaceDocument(companyId, 'einvoiceaddresses', {
    operator: 'OKOYFIHH',
    sendingAddress: '003712345671',
    receivingAddress: '003712345671',
    receivingAddressPublicInTieke: true,
  });
  await documents.replaceDocument(companyId, 'collectionpenal', {
    useAutomaticHandling: true,
    collectionCostsProduct: { productId: fees.collectionCosts },
    penalExpenseProduct: { productId: fees.reminderFee },
    penalInterestDateMargin: 7,
    minimumPenalInterestSum: '5.00',
    defaultSalesInvoiceInterest: '11.5',
    defaultSalesInvoicePaymentTerms: 14,
  });
  await documents.saveInvoiceTemplate(companyId, { name: 'Vakiolasku' });
  await documents.saveInvoiceTemplate(companyId, { name: 'Invoice (English)' });
  await documents.saveVerifierList(companyId, {
    name: 'Ostolaskut',
    verifiers: [adminUserId],
    acceptors: [adminUserId],
  });
}
