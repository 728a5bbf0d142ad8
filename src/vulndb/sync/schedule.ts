/**
 * The server's sync schedule (VULNDB_SYNC_INTERVAL): a sync at start, then one each interval after the
 * previous one ends. Failures are logged with source and reason and simply retried at the next interval.
 */
import { startRepeating, type Repeating } from '../../shared/repeat.ts';
import type { SyncReport, VulnSyncService } from './sync.service.ts';

export interface ScheduleLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** One scheduled run: sync, then one structured log line per source. Never throws. */
export async function runScheduledSync(
  sync: Pick<VulnSyncService, 'sync'>,
  logger: ScheduleLogger,
): Promise<SyncReport | null> {
  let report: SyncReport;
  try {
    report = await sync.sync();
  } catch (error) {
    logger.error({ err: error }, 'vulndb sync crashed; retrying at the next interval');
    return null;
  }
  if (report.skipped) {
    logger.info({ event: 'vulndb.sync.skipped' }, 'vulndb sync skipped: another instance is syncing');
    return report;
  }
  for (const r of report.osv) {
    const source = `osv:${r.ecosystem}`;
    if (r.error)
      logger.warn({ event: 'vulndb.sync.failed', source, reason: r.error }, 'vulndb source failed');
    else
      logger.info(
        {
          event: 'vulndb.sync.done',
          source,
          mode: r.mode,
          fetched: r.fetched,
          added: r.added,
          updated: r.updated,
          withdrawn: r.withdrawn,
          rejected: r.rejected.length,
          rematch: r.rematch,
        },
        'vulndb source synced',
      );
  }
  for (const f of [report.kev, report.epss]) {
    if (!f) continue;
    if (f.error)
      logger.warn({ event: 'vulndb.sync.failed', source: f.source, reason: f.error }, 'vulndb source failed');
    else
      logger.info(
        { event: 'vulndb.sync.done', source: f.source, mode: f.mode, entries: f.entries, version: f.version },
        'vulndb source synced',
      );
  }
  logger.info(
    { event: 'vulndb.sync.finished', failed: report.failed, durationMs: report.durationMs },
    'vulndb sync finished',
  );
  return report;
}

/** Starts the schedule; `stop` cancels the next run and waits for a running one. Interval 0: nothing. */
export function startSyncSchedule(
  sync: Pick<VulnSyncService, 'sync'>,
  intervalMs: number,
  logger: ScheduleLogger,
): Repeating {
  const schedule = startRepeating(() => runScheduledSync(sync, logger), intervalMs);
  if (intervalMs > 0) logger.info({ event: 'vulndb.sync.scheduled', intervalMs }, 'vulndb sync scheduled');
  return schedule;
}
