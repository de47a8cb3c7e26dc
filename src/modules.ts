// The areas of the service. Each contributes its routes (and may initialise new companies); app.ts wires them.
import type { AppContext } from './platform/context.ts';
import type { RouteDef } from './platform/route.ts';
import { AuthService } from './auth/service.ts';
import { authRoutes } from './auth/routes.ts';
import { ProductService } from './products/service.ts';
import { productRoutes } from './products/routes.ts';
import { statusRoutes } from './platform/status.ts';

export interface Services {
  auth: AuthService;
  products: ProductService;
}

export function createServices(ctx: AppContext): Services {
  return {
    auth: new AuthService(ctx),
    products: new ProductService(ctx),
  };
}

export function allRoutes(ctx: AppContext, services: Services): RouteDef[] {
  return [...statusRoutes(ctx), ...authRoutes(services.auth), ...productRoutes(services.products)];
}
