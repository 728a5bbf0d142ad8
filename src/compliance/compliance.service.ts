// Continuous compliance (docs/compliance.md): runs the evidence collectors for an organisation and writes one
// evidence item per collector and control into its active ISO 27001 project, audited; the vulnerability SLAs.
import type { Kysely } from 'kysely';
import { recordAudit, SYSTEM_ACTOR } from '../audit/audit.repository.ts';
import { withAdvisoryLock } from '../db/advisory-lock.ts';
import type { Database } from '../db/database.ts';
import { validationFailed } from '../errors.ts';
import { newId } from '../shared/ids.ts';
import { turnTaker } from '../shared/turns.ts';
import { nowIso } from '../shared/time.ts';
import { COLLECTORS, type Collector, type Outcome } from './collectors.ts';
import * as repo from './compliance.repository.ts';
import './compliance.table.ts';
import { statementOfApplicability } from './soa.ts';

export interface CollectorResult extends Outcome {
  collector: string;
  title: string;
  controls: string[];
  /** The evidence items written (one per control); empty when there is no active ISO project. */
  evidenceIds: string[];
}

export interface CollectionRun {
  runId: string;
  collectedAt: string;
  /** The active ISO project the evidence went to; null when there is none (nothing recorded). */
  projectId: string | null;
  validUntil: string;
  passed: number;
  failed: number;
  results: CollectorResult[];
}

export interface ComplianceOptions {
  /** How often the collectors run (EVIDENCE_INTERVAL); evidence stays valid for two intervals. */
  intervalMs: number;
}

export class ComplianceService {
  readonly #db: Kysely<Database>;
  readonly #intervalMs: number;

  constructor(db: Kysely<Database>, options: ComplianceOptions) {
    this.#db = db;
    this.#intervalMs = options.intervalMs;
  }

  /**
   * One run for one organisation: every collector reads at the same instant, then their evidence items and the
   * audit entry are written in one transaction (a run is recorded whole or not at all).
   */
  async collect(orgId: string, options: { now?: string; actorId?: string } = {}): Promise<CollectionRun> {
    const now = options.now ?? nowIso();
    const runId = newId('evr');
    const validUntil = new Date(Date.parse(now) + 2 * this.#intervalMs).toISOString();
    const outcomes: { collector: Collector; outcome: Outcome }[] = [];
    // One collector at a time, with a turn of the event loop between them: each reads a handful of aggregate
    // queries, and SQLite answers synchronously, so awaiting them alone would hold the loop for the whole run.
    const turn = turnTaker();
    for (const collector of COLLECTORS) {
      outcomes.push({ collector, outcome: await collector.collect({ db: this.#db, orgId, now, turn }) });
      await turn();
    }
    return this.#db.transaction().execute(async (trx) => {
      const project = await repo.activeProject(trx, orgId);
      const results: CollectorResult[] = [];
      const rows: repo.EvidenceInsert[] = [];
      for (const { collector, outcome } of outcomes) {
        const evidenceIds = project ? collector.controls.map(() => newId('evd')) : [];
        if (project)
          collector.controls.forEach((control, n) =>
            rows.push({
              id: evidenceIds[n]!,
              org_id: orgId,
              external_id: `bulwark:${collector.id}:${runId}:${control}`,
              project_id: project.id,
              control_id: control,
              title: `${collector.title}: ${outcome.passed ? 'passed' : `failed (${outcome.reasons.join('; ')})`}`,
              collected_at: now,
              expires_at: validUntil,
              status: outcome.passed ? 'accepted' : 'rejected',
              collector_id: null,
              source: `bulwark:${collector.id}`,
              details: JSON.stringify({
                runId,
                figures: outcome.figures,
                reasons: outcome.reasons,
                offending: outcome.offending,
              }),
            }),
          );
        results.push({
          collector: collector.id,
          title: collector.title,
          controls: [...collector.controls],
          evidenceIds,
          ...outcome,
        });
      }
      await repo.insertEvidence(trx, rows);
      const passed = results.filter((r) => r.passed).length;
      await recordAudit(trx, orgId, {
        actorId: options.actorId ?? SYSTEM_ACTOR,
        action: 'evidence.collect',
        entityType: 'evidence_run',
        entityId: runId,
        details: {
          projectId: project?.id ?? null,
          passed: results.filter((r) => r.passed).map((r) => r.collector),
          failed: results.filter((r) => !r.passed).map((r) => r.collector),
          evidence: rows.length,
        },
      });
      return {
        runId,
        collectedAt: now,
        projectId: project?.id ?? null,
        validUntil,
        passed,
        failed: results.length - passed,
        results,
      };
    });
  }

  /**
   * The schedule's run: every organisation with an active ISO project, one after another, by one instance at a
   * time (PostgreSQL advisory lock); null when another instance is collecting.
   */
  collectAll(options: { now?: string } = {}): Promise<{ orgId: string; run: CollectionRun }[] | null> {
    return withAdvisoryLock(this.#db, 'evidence.collect', async () => {
      const out = [];
      for (const orgId of await repo.organisationsWithActiveProject(this.#db))
        out.push({ orgId, run: await this.collect(orgId, options) });
      return out;
    });
  }

  /** The Statement of Applicability of a project (default: the active one) with its evidence, at `asOf`. */
  statementOfApplicability(orgId: string, projectId?: string, asOf?: string) {
    return statementOfApplicability(this.#db, orgId, {
      ...(projectId ? { projectId } : {}),
      ...(asOf ? { asOf } : {}),
    });
  }

  slaSettings(orgId: string): Promise<repo.SlaSettings> {
    return repo.slaSettings(this.#db, orgId);
  }

  /** Sets the remediation SLAs (whole days, 1–365, CRITICAL no longer than HIGH), audited. */
  async setSlaSettings(
    orgId: string,
    sla: repo.SlaSettings,
    actorId = SYSTEM_ACTOR,
  ): Promise<repo.SlaSettings> {
    const problems = [
      ...(['criticalDays', 'highDays'] as const)
        .filter((k) => !Number.isInteger(sla[k]) || sla[k] < 1 || sla[k] > 365)
        .map((k) => ({
          path: `body.vulnerabilitySlaDays.${k}`,
          message: 'a whole number of days from 1 to 365',
        })),
    ];
    if (problems.length === 0 && sla.criticalDays > sla.highDays)
      problems.push({
        path: 'body.vulnerabilitySlaDays.criticalDays',
        message: 'CRITICAL findings cannot be given longer than HIGH ones',
      });
    if (problems.length) throw validationFailed('vulnerabilitySlaDays is not valid', problems);
    const at = nowIso();
    await this.#db.transaction().execute(async (trx) => {
      await repo.saveSlaSettings(trx, orgId, sla, at);
      await recordAudit(trx, orgId, {
        actorId,
        action: 'evidence.sla_change',
        entityType: 'organization',
        entityId: orgId,
        details: { ...sla },
      });
    });
    return sla;
  }
}
