import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import type { DispatchObserver, WebhookDispatcher } from './dispatcher.ts';

/**
 * Webhook series in the app's /metrics registry: queue depth (pending deliveries, read from the store at
 * scrape time), attempts and failures, attempt duration, and latency from an event's commit to its delivery.
 */
export function webhookMetrics(registry: Registry, dispatcher: WebhookDispatcher): DispatchObserver {
  new Gauge({
    name: 'bulwark_webhook_queue_depth',
    help: 'Webhook deliveries pending (due now or waiting for a retry)',
    registers: [registry],
    async collect() {
      this.set(await dispatcher.queueDepth());
    },
  });
  const attempts = new Counter({
    name: 'bulwark_webhook_attempts_total',
    help: 'Webhook delivery attempts by outcome',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const failures = new Counter({
    name: 'bulwark_webhook_failures_total',
    help: 'Webhook delivery attempts that failed (non-2xx, timeout, network error, refused target)',
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'bulwark_webhook_attempt_duration_seconds',
    help: 'Duration of one webhook HTTP attempt',
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'bulwark_webhook_delivery_latency_seconds',
    help: 'From the commit of an event to its successful delivery',
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 30, 120, 600, 3600, 21600],
    registers: [registry],
  });
  return {
    attempt(outcome, durationMs) {
      attempts.inc({ outcome });
      if (outcome === 'failure') failures.inc();
      duration.observe(durationMs / 1000);
    },
    delivered(latencyMs) {
      latency.observe(Math.max(0, latencyMs) / 1000);
    },
  };
}
