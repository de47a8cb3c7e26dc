import { Type, Addition, DecimalNumber, Id, Stricter, Text, StringEnum, type Static } from '../platform/schema.ts';

export const DimensionItem = Type.Object(
  {
    id: Type.Optional(Id({ readOnly: true })),
    codeName: Text(100, { minLength: 1, description: 'Code name of the item, unique within its dimension.' }),
    status: Type.Optional(StringEnum(['P'], { description: 'Absent for an active item; `P` for a passive one.' })),
    description: Type.Optional(Text(255)),
  },
  { $id: 'DimensionItem', title: 'DimensionItem', additionalProperties: false },
);
export type DimensionItemWire = Static<typeof DimensionItem>;

/** An item overwritten by `PUT /dimensions/{dimensionId}/items`, which names it by its `id` alone. */
export const NamedDimensionItem = Type.Object(
  { ...DimensionItem.properties, id: Stricter(Id({ description: 'The item to overwrite.' })) },
  { title: 'DimensionItem', additionalProperties: false },
);

export const Dimension = Type.Object(
  {
    id: Type.Optional(Id({ readOnly: true })),
    name: Text(100, { minLength: 1 }),
    items: Type.Optional(Type.Array(DimensionItem, { maxItems: 1000 })),
  },
  { $id: 'Dimension', title: 'Dimension', additionalProperties: false },
);
export type DimensionWire = Static<typeof Dimension>;

/** The body and answer of a rename. */
export const DimensionName = Type.Object(
  { name: Text(100, { minLength: 1, description: 'The new name, unique in the company.' }) },
  { $id: 'DimensionName', title: 'DimensionName', additionalProperties: false },
);
export type DimensionNameWire = Static<typeof DimensionName>;

const DefaultDimensionItem = Type.Object(
  {
    id: Type.Optional(Id({ description: 'Item id; read-only, the item is named by `codeName`.' })),
    codeName: Text(100, { minLength: 1 }),
    percent: DecimalNumber({
      scale: 2,
      minimum: 0,
      maximum: 100,
      description: 'Share of the item, percent; the items of a dimension sum to 100.',
    }),
    status: Type.Optional(Type.Boolean({ readOnly: true, description: 'True when the item is active.' })),
    description: Type.Optional(Text(255, { readOnly: true })),
  },
  { title: 'DefaultDimensionItem', additionalProperties: false },
);

export const DefaultDimension = Type.Object(
  {
    id: Type.Optional(Id({ description: 'Dimension id; when given it must equal the path.' })),
    name: Type.Optional(Text(100, { readOnly: true })),
    items: Type.Optional(Type.Array(DefaultDimensionItem, { maxItems: 1000 })),
  },
  { $id: 'DefaultDimension', title: 'DefaultDimension', additionalProperties: false },
);
export type DefaultDimensionWire = Static<typeof DefaultDimension>;

/** A default dimension in a list: the real list (DefaultDimensionBasicData) names no item status or description; Tase answers them too. */
export const ListedDefaultDimension = Type.Object(
  {
    ...DefaultDimension.properties,
    items: Type.Optional(
      Type.Array(
        Type.Object(
          {
            ...DefaultDimensionItem.properties,
            status: Addition(DefaultDimensionItem.properties.status),
            description: Addition(DefaultDimensionItem.properties.description),
          },
          { title: 'DefaultDimensionItemBasicData', additionalProperties: false },
        ),
      ),
    ),
  },
  { title: 'DefaultDimensionBasicData', additionalProperties: false },
);
