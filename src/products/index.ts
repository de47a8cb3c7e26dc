// Products and product groups.
import { defineArea } from '../platform/area.ts';
import { productMigrations } from './migrations.ts';
import { productRoutes } from './routes.ts';
import { ProductService } from './service.ts';
import { CachedProductReads } from './cached-reads.ts';
import { productsExamples } from './examples.ts';

export { ProductService, productToWire } from './service.ts';
export { getProduct, getProducts } from './store.ts';
export { Product, ProductGroup, type ProductGroupWire, type ProductWire } from './schemas.ts';

export const productsArea = defineArea({
  name: 'products',
  examples: productsExamples,
  rights: ['sales.productRegister'],
  tags: [{ name: 'Products', description: 'Products and product groups.' }],
  tables: { company: ['products', 'product_groups'] },
  migrations: productMigrations,
  create: (ctx) => new CachedProductReads(ctx, new ProductService(ctx)),
  routes: (products) => productRoutes(products),
});
