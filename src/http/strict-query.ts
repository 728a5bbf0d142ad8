// Every authenticated API route rejects query parameters it does not declare (400 VALIDATION_FAILED): a route
// without a querystring schema gets an empty strict one, so `?foo=bar` never passes silently.
import { z } from 'zod';
import type { App } from './app-type.ts';

const NO_QUERY = z.object({}).strict();

/** Call before the routes are registered (onRoute sees each route as it is added). */
export function requireDeclaredQuery(app: App): void {
  app.addHook('onRoute', (route) => {
    if (!route.config?.auth) return;
    const schema = (route.schema ?? {}) as Record<string, unknown>;
    if (schema.querystring === undefined) route.schema = { ...schema, querystring: NO_QUERY };
  });
}
