/** The operational routes: /healthz, /readyz, /metrics. */
import type { App } from './app-type.ts';
import { sql } from 'kysely';
import type { Registry } from 'prom-client';
import type { Store } from '../db/connect.ts';
import { failure, ok } from './envelope.ts';
import type { RedisStatus } from './rate-limit-store.ts';

/** How long /readyz waits for the store: a load balancer's probe must get an answer, not a hang. */
export const READY_TIMEOUT_MS = 1_500;

function withinDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer from the store within ${ms} ms`)), ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

/**
 * Unauthenticated operational routes: liveness, readiness (checks the store, and Redis when configured),
 * Prometheus metrics. Without Redis the rate limits still work per instance, so the instance stays ready and
 * says it is degraded.
 */
export function systemRoutes(app: App, deps: { store: Store; metrics: Registry; redis?: RedisStatus }): void {
  app.get('/healthz', { schema: { hide: true } }, async () => ok({ status: 'ok' }));

  app.get('/readyz', { schema: { hide: true } }, async (request, reply) => {
    try {
      await withinDeadline(sql`select 1`.execute(deps.store.db), READY_TIMEOUT_MS);
    } catch (error) {
      request.log.warn({ err: error }, 'readiness check failed');
      return reply.status(503).send(failure('DB_ERROR', 'The data store is not reachable'));
    }
    if (!deps.redis) return ok({ status: 'ready', store: deps.store.dialect });
    return deps.redis.up
      ? ok({ status: 'ready', store: deps.store.dialect, redis: 'up' })
      : ok({ status: 'degraded', store: deps.store.dialect, redis: 'unreachable' });
  });

  app.get('/metrics', { schema: { hide: true } }, async (_request, reply) =>
    reply.type(deps.metrics.contentType).send(await deps.metrics.metrics()),
  );
}
