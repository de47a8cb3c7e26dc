import {
  Type,
  MergePatchOf,
  DecimalNumber,
  DateString,
  DateTimeString,
  Id,
  Id64,
  RefId,
  StringEnum,
  Text,
  type Static,
} from '../platform/schema.ts';
import { CURRENCIES, LANGUAGES, UNITS } from '../domain/codes.ts';

export const PRODUCT_TYPES = ['SALES', 'PURCHASE', 'TRAVEL'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

const ProductTypeSchema = StringEnum([...PRODUCT_TYPES], {
  description: 'SALES and PURCHASE products are listed by default; TRAVEL only with `type=TRAVEL`.',
});

const ProductLocalization = Type.Object(
  {
    language: Type.Optional(StringEnum([...LANGUAGES])),
    productName: Type.Optional(Text(255, { description: 'Name of the product in `language`.' })),
  },
  { title: 'ProductLocalization', additionalProperties: false },
);

const productFields = {
  id: Type.Optional(Id64({ readOnly: true, description: 'Read-only; assigned by the service.' })),
  type: ProductTypeSchema,
  name: Text(255, { minLength: 1 }),
  code: Type.Optional(Text(50)),
  unit: Type.Optional(StringEnum([...UNITS])),
  discount: DecimalNumber({ scale: 4, minimum: 0, maximum: 100, description: 'Discount percent, up to 4 decimals.' }),
  price: DecimalNumber({
    scale: 6,
    minimum: '-999999999999',
    maximum: '999999999999',
    description: 'Unit price, up to 6 decimals.',
  }),
  vat: Type.Optional(DecimalNumber({ scale: 2, minimum: 0, maximum: 100, description: 'VAT percent.' })),
  active: Type.Boolean(),
  defaultAccount: Type.Optional(Text(10, { description: 'Default ledger account number.' })),
  vatStatus: Type.Optional(Type.Integer({ minimum: 0, maximum: 999, description: 'VAT status code of the company.' })),
  currency: StringEnum([...CURRENCIES], { description: 'ISO 4217 currency code.' }),
  productLocalizations: Type.Optional(Type.Array(ProductLocalization, { maxItems: 6 })),
  productGroupId: Type.Optional(RefId({ description: 'Group of the same type, or null.' })),
  startDate: Type.Optional(DateString({ description: 'TRAVEL products only.' })),
  endDate: Type.Optional(DateString({ description: 'TRAVEL products only.' })),
  bookkeepingAccount: Type.Optional(Text(10, { description: 'TRAVEL products only: ledger account.' })),
  version: Type.Optional(
    DateTimeString({ readOnly: true, description: 'Datetime of the last change; optimistic lock on PUT/PATCH.' }),
  ),
};

export const Product = Type.Object(productFields, { $id: 'Product', title: 'Product', additionalProperties: false });
export type ProductWire = Static<typeof Product>;

export const ProductPatch = MergePatchOf(Product, {
  title: 'ProductPatch',
  description: 'JSON merge patch of a Product: fields left out keep their value, `null` clears an optional field.',
});

export const ProductGroup = Type.Object(
  {
    id: Type.Optional(Id({ readOnly: true })),
    name: Text(255, { minLength: 1 }),
    type: Type.Optional(StringEnum([...PRODUCT_TYPES], { description: 'Default SALES.' })),
  },
  { $id: 'ProductGroup', title: 'ProductGroup', additionalProperties: false },
);
export type ProductGroupWire = Static<typeof ProductGroup>;

export const ProductGroups = Type.Object({ productGroups: Type.Array(ProductGroup) }, { title: 'ProductGroups' });
