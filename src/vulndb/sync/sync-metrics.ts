/** Prometheus gauges of the vulnerability-data sources, read from the sync state at each scrape. */
import { Gauge, type Registry } from 'prom-client';
import type { VulnSyncService } from './sync.service.ts';

type States = Awaited<ReturnType<VulnSyncService['sourceStates']>>;

export function registerSyncMetrics(registry: Registry, sync: Pick<VulnSyncService, 'sourceStates'>): void {
  // The registry collects its metrics concurrently: the three gauges share one read of the state per scrape.
  let pending: Promise<States> | undefined;
  const states = (): Promise<States> => {
    pending ??= sync.sourceStates().finally(() => setImmediate(() => (pending = undefined)));
    return pending;
  };
  const gauge = (name: string, help: string, value: (s: States[number], now: number) => number | null) =>
    new Gauge({
      name,
      help,
      labelNames: ['source'],
      registers: [registry],
      async collect() {
        this.reset();
        const now = Date.now();
        for (const s of await states()) {
          const v = value(s, now);
          if (v !== null) this.set({ source: s.source }, v);
        }
      },
    });
  const at = (s: States[number]) => (s.lastSuccessAt === null ? null : Date.parse(s.lastSuccessAt));
  gauge(
    'bulwark_vulndb_last_success_timestamp_seconds',
    'Unix time of the last successful sync per source (osv:<Ecosystem>, kev, epss)',
    (s) => (at(s) === null ? null : at(s)! / 1000),
  );
  gauge(
    'bulwark_vulndb_last_success_age_seconds',
    'Seconds since the last successful sync per source (alert when it grows past the interval)',
    (s, now) => (at(s) === null ? null : Math.max(0, (now - at(s)!) / 1000)),
  );
  gauge(
    'bulwark_vulndb_last_attempt_failed',
    '1 when the last sync attempt of a source failed (its data is unchanged), else 0',
    (s) => (s.failing ? 1 : 0),
  );
}
