/** Prometheus gauges of the vulnerability-data sources, read from the sync state at each scrape. */
import { Gauge, type Registry } from 'prom-client';
import type { VulnSyncService } from './sync.service.ts';

export function registerSyncMetrics(registry: Registry, sync: Pick<VulnSyncService, 'sourceStates'>): void {
  const labelNames = ['source'] as const;
  const lastSuccess = new Gauge({
    name: 'bulwark_vulndb_last_success_timestamp_seconds',
    help: 'Unix time of the last successful sync per source (osv:<Ecosystem>, kev, epss)',
    labelNames,
    registers: [registry],
  });
  const age = new Gauge({
    name: 'bulwark_vulndb_last_success_age_seconds',
    help: 'Seconds since the last successful sync per source (alert when it grows past the interval)',
    labelNames,
    registers: [registry],
  });
  const failing = new Gauge({
    name: 'bulwark_vulndb_last_attempt_failed',
    help: '1 when the last sync attempt of a source failed (its data is unchanged), else 0',
    labelNames,
    registers: [registry],
    // One collect fills all three gauges: the state is read once per scrape.
    async collect() {
      lastSuccess.reset();
      age.reset();
      failing.reset();
      const now = Date.now();
      for (const s of await sync.sourceStates()) {
        failing.set({ source: s.source }, s.failing ? 1 : 0);
        if (s.lastSuccessAt === null) continue;
        const at = Date.parse(s.lastSuccessAt);
        lastSuccess.set({ source: s.source }, at / 1000);
        age.set({ source: s.source }, Math.max(0, (now - at) / 1000));
      }
    },
  });
}
