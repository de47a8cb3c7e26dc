// The dimension register, its items, and the default dimensions of products and partners.
import { defineArea } from '../platform/area.ts';
import { dimensionMigrations } from './migrations.ts';
import { dimensionRoutes } from './routes.ts';
import { DimensionService } from './service.ts';
import { dimensionsExamples } from './examples.ts';

export { DimensionService, type DefaultOwner } from './service.ts';
// payroll follows a partner's default dimensions through `DimensionService.partnerDefaultsChanged`
export type { PartnerDefaultDimensionListener } from './hooks.ts';
export { productOwner } from './routes.ts';
export { findDimensionItems } from './store.ts';
export {
  DefaultDimension,
  ListedDefaultDimension,
  Dimension,
  type DefaultDimensionWire,
  type DimensionWire,
} from './schemas.ts';

export const dimensionsArea = defineArea({
  name: 'dimensions',
  examples: dimensionsExamples,
  rights: ['accounting.dimensions', 'sales.productRegister'],
  tags: [{ name: 'Dimensions', description: 'Dimension register and its items.' }],
  tables: { company: ['dimensions', 'dimension_items', 'default_dimensions'] },
  migrations: dimensionMigrations,
  create: (ctx) => new DimensionService(ctx),
  routes: (dimensions) => dimensionRoutes(dimensions),
});
