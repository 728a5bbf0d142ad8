/**
 * The server's evidence schedule (EVIDENCE_INTERVAL, default 24 h): a collection shortly after start, then one
 * each interval after the previous one ends. A failure is logged and retried at the next interval.
 */
import { startRepeating, type Repeating } from '../shared/repeat.ts';
import type { ComplianceService } from './compliance.service.ts';

export interface EvidenceLogger {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** One scheduled collection over every organisation with an active ISO project. Never throws. */
export async function runScheduledCollection(
  compliance: Pick<ComplianceService, 'collectAll'>,
  logger: EvidenceLogger,
): Promise<void> {
  try {
    const runs = await compliance.collectAll();
    if (!runs) {
      logger.info(
        { event: 'evidence.collect.skipped' },
        'evidence collection skipped: another instance runs it',
      );
      return;
    }
    for (const { orgId, run } of runs)
      logger.info(
        { event: 'evidence.collect.done', orgId, runId: run.runId, passed: run.passed, failed: run.failed },
        'evidence collected',
      );
  } catch (error) {
    logger.error({ err: error }, 'evidence collection failed; retrying at the next interval');
  }
}

/** Starts the schedule; `stop` cancels the next run and waits for a running one. Interval 0: nothing. */
export function startEvidenceSchedule(
  compliance: Pick<ComplianceService, 'collectAll'>,
  intervalMs: number,
  logger: EvidenceLogger,
): Repeating {
  return startRepeating(() => runScheduledCollection(compliance, logger), intervalMs);
}
