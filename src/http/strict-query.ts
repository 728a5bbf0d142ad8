// Every route of ours rejects query parameters it does not declare (400 VALIDATION_FAILED, docs/contract.md): a
// route without a querystring schema gets an empty strict one, so `?foo=bar` never passes silently. That is every
// API route (authenticated or not, e.g. signing in), the OpenAPI document and the probes; the API docs' static
// files and the console's pages are files, not endpoints, and a page's own query belongs to the console.
import { z } from 'zod';
import type { App } from './app-type.ts';

const NO_QUERY = z.object({}).strict();

const PROBES = new Set(['/healthz', '/readyz', '/metrics']);

/** Call before the routes are registered (onRoute sees each route as it is added). */
export function requireDeclaredQuery(app: App, apiPrefix: string): void {
  const isEndpoint = (url: string): boolean =>
    PROBES.has(url) || (url.startsWith(`${apiPrefix}/`) && !url.startsWith(`${apiPrefix}/docs`));
  app.addHook('onRoute', (route) => {
    if (!route.config?.auth && !isEndpoint(route.url)) return;
    const schema = (route.schema ?? {}) as Record<string, unknown>;
    if (schema.querystring === undefined) route.schema = { ...schema, querystring: NO_QUERY };
  });
}
