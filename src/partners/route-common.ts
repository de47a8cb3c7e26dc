// What the routes of the partners area share: tags, rights, path parameters.
import { Type, PathId } from '../platform/schema.ts';
import { Product } from '../products/index.ts';
import { DefaultProductSettings, ValidityPeriod } from './schemas.ts';

export const TAGS = ['Business partners'];

export const IdString = PathId;

export const PartnerIdParam = Type.Object({ partnerId: IdString('Business partner id (int32).') });

export const DefaultProduct = Type.Object(
  {
    id: Type.Integer(),
    productInfo: Product,
    defaultSettings: Type.Optional(DefaultProductSettings),
    validityPeriods: Type.Optional(Type.Array(ValidityPeriod)),
  },
  { $id: 'DefaultProduct', title: 'DefaultProduct', additionalProperties: false },
);
