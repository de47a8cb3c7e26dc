import { Type, Addition, DecimalNumber, DateString, type Static } from '../platform/schema.ts';

const Percent = () => DecimalNumber({ scale: 2, minimum: 0, maximum: 100 });

export const VatDefaults = Type.Object(
  {
    vatInformation: Type.Array(
      Type.Object({
        country: Type.String({ description: 'Country name, e.g. FINLAND.' }),
        percentages: Type.Array(
          Type.Object({ vatPercent: Percent(), sales: Type.Boolean(), purchase: Type.Boolean() }),
        ),
      }),
    ),
    vatStatuses: Type.Array(
      Type.Object({
        vatStatus: Type.Integer(),
        description: Type.String(),
        sales: Type.Boolean(),
        purchase: Type.Boolean(),
      }),
    ),
  },
  { $id: 'VatDefaults', title: 'VatDefaults' },
);
export type VatDefaultsWire = Static<typeof VatDefaults>;

export const VatSettings = Type.Object(
  {
    unitPricesIncludeVatSales: Type.Boolean({ description: 'Sales unit prices include VAT.' }),
    unitPricesIncludeVatPurchase: Type.Boolean({ description: 'Purchase unit prices include VAT.' }),
    isUnitPricesIncludeVatSales: Addition(Type.Boolean({ description: 'Same as `unitPricesIncludeVatSales`.' })),
    isUnitPricesIncludeVatPurchase: Addition(Type.Boolean({ description: 'Same as `unitPricesIncludeVatPurchase`.' })),
  },
  { $id: 'VatSettings', title: 'VatSettings' },
);

export const CountryVat = Type.Object(
  { vatPercentages: Type.Array(Percent()) },
  { $id: 'CountryVat', title: 'CountryVat' },
);

export const VatDateQuery = {
  date: Type.Optional(Addition(DateString({ description: 'Rates valid on this day; default today.' }))),
};
