/** `vulndb sync`, `vulndb status` and the KEV/EPSS part of `vulndb import`: flags in, service calls, text out. */
import type { Services } from '../services.ts';
import type { FeedResult, OsvEcosystemResult, SyncReport, VulnDbStatus } from '../vulndb/index.ts';
import { emit, type CommandIo } from './cli-kit.ts';

export interface SyncFlags {
  source?: string | undefined;
  ecosystems?: string | undefined;
  kev?: string | undefined;
  epss?: string | undefined;
  json?: boolean | undefined;
}

const osvLine = (r: OsvEcosystemResult): string =>
  r.error
    ? `OSV ${r.ecosystem}: FAILED, nothing changed: ${r.error}`
    : `OSV ${r.ecosystem}: ${r.mode}${r.mode === 'incremental' ? ` (${r.fetched} records fetched)` : ''}, ` +
      `${r.added} added, ${r.updated} updated, ${r.withdrawn} withdrawn, ${r.rejected.length} rejected` +
      (r.rematch
        ? `; re-matched ${r.rematch.components ?? 0} components (${r.rematch.created ?? 0} findings created, ${r.rematch.retracted ?? 0} retracted)`
        : '');

export const feedLine = (r: FeedResult): string =>
  r.error
    ? `${r.source.toUpperCase()}: FAILED, nothing changed: ${r.error}`
    : `${r.source.toUpperCase()}: ${r.mode === 'unchanged' ? 'unchanged (not modified)' : `${r.entries} entries`}` +
      `${r.version ? ` (${r.source === 'kev' ? 'catalog' : 'scores of'} ${r.version})` : ''}`;

function humanReport(r: SyncReport): string {
  if (r.skipped) return 'Another sync is running; nothing done.';
  const lines = [...r.osv.map(osvLine), ...[r.kev, r.epss].filter((f) => f !== null).map(feedLine)];
  if (lines.length === 0)
    lines.push('Nothing to sync: no ecosystems given, configured or used by stored components.');
  lines.push(
    `Done in ${(r.durationMs / 1000).toFixed(1)} s${r.failed ? `, ${r.failed} source(s) failed` : ''}.`,
  );
  return lines.join('\n');
}

export async function runSync(services: Services, flags: SyncFlags, io: CommandIo): Promise<number> {
  const ecosystems = flags.ecosystems
    ?.split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  const report = await services.vulndbSync.sync(
    { source: flags.source, ecosystems, kev: flags.kev, epss: flags.epss },
    // Progress goes to stderr so `--json` keeps stdout to one object.
    { onStart: (what) => io.err(`syncing ${what}…`) },
  );
  // Re-matched findings re-evaluate security policies in the background: done before the store closes.
  await services.policies.reevaluation.idle();
  emit(io, flags.json, report, humanReport(report));
  return report.failed > 0 ? 1 : 0;
}

export function humanStatus(s: VulnDbStatus): string {
  const when = (at: string | null) => at ?? 'never';
  const osvWhen = (at: string | null) => at ?? 'never (imported only)';
  const lines = [
    ...s.osv.map(
      (e) =>
        `  ${e.ecosystem.padEnd(14)} ${String(e.advisories).padStart(7)} advisories  last sync ${e.advisories > 0 ? osvWhen(e.lastSyncAt) : when(e.lastSyncAt)}` +
        (e.lastError ? `  LAST ATTEMPT FAILED: ${e.lastError}` : ''),
    ),
    `KEV: ${s.kev.entries} entries (catalog ${s.kev.catalogVersion ?? 'n/a'}), last sync ${when(s.kev.lastSyncAt)}`,
    `EPSS: ${s.epss.entries} scores (${s.epss.scoreDate ?? 'n/a'}), last sync ${when(s.epss.lastSyncAt)}`,
  ];
  if (s.ecosystemsWithoutAdvisories.length > 0)
    lines.push(
      `No advisories held for ecosystems of stored components: ${s.ecosystemsWithoutAdvisories.join(', ')} (findings there cannot be found)`,
    );
  return [`OSV advisories by ecosystem:`, ...lines].join('\n');
}
