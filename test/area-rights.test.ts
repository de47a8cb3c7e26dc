// Rights per area: every route requires a rights leaf that its own area declares in its descriptor (`rights`).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routesByArea } from '../src/modules.ts';
import { startService, type TestService } from './support/service.ts';

let svc: TestService;

beforeAll(async () => {
  svc = await startService();
});
afterAll(() => svc.close());

describe('rights per area', () => {
  it('every route requires a leaf its own area declares, and every declared leaf is required by a route', () => {
    const undeclared: string[] = [];
    const unused: string[] = [];
    for (const [area, routes] of routesByArea(svc.app.ctx, svc.app.services)) {
      const declared = new Set(area.rights ?? []);
      const required = new Set(routes.flatMap((r) => (r.right ? [r.right.leaf] : [])));
      for (const route of routes)
        if (route.right && !declared.has(route.right.leaf))
          undeclared.push(`${area.name}: ${route.method} ${route.path} needs ${route.right.leaf}`);
      for (const leaf of declared) if (!required.has(leaf)) unused.push(`${area.name}: ${leaf}`);
    }
    expect(undeclared).toEqual([]);
    expect(unused).toEqual([]);
  });
});
