import type { App } from './app-type.ts';
import { sql } from 'kysely';
import type { Registry } from 'prom-client';
import type { Store } from '../db/connect.ts';
import { failure, ok } from './envelope.ts';

/** Unauthenticated operational routes: liveness, readiness (checks the store), Prometheus metrics. */
export function systemRoutes(app: App, deps: { store: Store; metrics: Registry }): void {
  app.get('/healthz', { schema: { hide: true } }, async () => ok({ status: 'ok' }));

  app.get('/readyz', { schema: { hide: true } }, async (request, reply) => {
    try {
      await sql`select 1`.execute(deps.store.db);
      return ok({ status: 'ready', store: deps.store.dialect });
    } catch (error) {
      request.log.warn({ err: error }, 'readiness check failed');
      return reply.status(503).send(failure('DB_ERROR', 'The data store is not reachable'));
    }
  });

  app.get('/metrics', { schema: { hide: true } }, async (_request, reply) =>
    reply.type(deps.metrics.contentType).send(await deps.metrics.metrics()),
  );
}
