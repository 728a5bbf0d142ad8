/** Prometheus metrics of the HTTP pipeline. */
import type { App } from './app-type.ts';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { RedisStatus } from './rate-limit-store.ts';

/** Prometheus metrics: request counts and latency by method, route pattern and status. One registry per app. */
export function installMetrics(app: App, redis?: RedisStatus): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests',
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency',
    labelNames,
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  if (redis) {
    // 0 while rate limits run on this instance's memory because Redis is unreachable.
    new Gauge({
      name: 'bulwark_redis_up',
      help: 'Whether Redis (shared rate limits) is reachable: 1 yes, 0 no (limits are per instance meanwhile)',
      registers: [registry],
      collect() {
        this.set(redis.up ? 1 : 0);
      },
    });
  }
  app.addHook('onResponse', (request, reply, done) => {
    // The route pattern, never the raw URL: ids would explode the label set.
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? 'unmatched',
      status: String(reply.statusCode),
    };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
    done();
  });
  return registry;
}
