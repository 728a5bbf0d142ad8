import cliProgress from 'cli-progress';
import type { ImportProgress, ImportSummary } from '../vulndb/index.ts';
import { emit, parse, UsageError, type Command, type CommandIo } from './cli-kit.ts';
import { withStore } from './context.ts';

/** A progress bar on stderr when it is a terminal; nothing otherwise (pipes and CI stay clean). */
function progressBar(): { progress: ImportProgress; stop: () => void } {
  if (!process.stderr.isTTY) return { progress: {}, stop: () => {} };
  const bar = new cliProgress.SingleBar(
    {
      stream: process.stderr,
      format: 'importing [{bar}] {value}/{total} documents | {eta_formatted} left',
      hideCursor: true,
    },
    cliProgress.Presets.shades_classic,
  );
  let total = 0;
  bar.start(0, 0);
  return {
    progress: {
      addTotal: (n) => bar.setTotal((total += n)),
      tick: () => bar.increment(),
    },
    stop: () => bar.stop(),
  };
}

const MAX_LISTED = 20;

function humanSummary(s: ImportSummary): string {
  const lines = [
    `Imported ${s.documents} documents from ${s.files} file${s.files === 1 ? '' : 's'} in ${(s.durationMs / 1000).toFixed(1)} s: ` +
      `${s.added} added, ${s.updated} updated, ${s.unchanged} unchanged, ${s.withdrawn} withdrawn, ${s.rejected.length} rejected, ${s.warnings.length} warnings.`,
  ];
  if (s.rematch) {
    const r = s.rematch;
    lines.push(
      `Re-matched ${r.components ?? 0} components: ${r.created ?? 0} findings created, ${r.updated ?? 0} updated, ${r.retracted ?? 0} retracted, ${r.reinstated ?? 0} reinstated.`,
    );
  }
  const list = (title: string, items: string[]) => {
    if (items.length === 0) return;
    lines.push(`${title}:`, ...items.slice(0, MAX_LISTED).map((i) => `  ${i}`));
    if (items.length > MAX_LISTED)
      lines.push(`  … and ${items.length - MAX_LISTED} more (use --json for all)`);
  };
  list(
    'Rejected',
    s.rejected.map((r) => `${r.source}: ${r.reason}`),
  );
  list('Warnings', s.warnings);
  return lines.join('\n');
}

async function runImport(paths: string[], json: boolean | undefined, io: CommandIo): Promise<number> {
  if (paths.length === 0) throw new UsageError('at least one <path> is required');
  return withStore(async ({ services }) => {
    const bar = json ? { progress: {}, stop: () => {} } : progressBar();
    let summary: ImportSummary;
    try {
      summary = await services.vulndb.import(paths, bar.progress);
    } finally {
      bar.stop();
    }
    emit(io, json, summary, humanSummary(summary));
    // Partial success is success; only an import where nothing at all was usable fails.
    return summary.rejected.length > 0 && summary.added + summary.updated + summary.unchanged === 0 ? 1 : 0;
  });
}

export const vulndbCommand: Command = {
  summary: 'import OSV advisories, show the database status, check a package version',
  usage: `Usage:
  bulwark vulndb import <path…> [--json]   OSV advisories: a directory, an osv.dev ecosystem .zip, .json or .jsonl
  bulwark vulndb status [--json]           advisories by ecosystem and the newest 'modified'
  bulwark vulndb check <purl> [--json]     advisories affecting one package version, and why

Importing is idempotent (id + modified + content); stored components are re-matched afterwards.`,
  async run(argv, io) {
    const { values, positionals } = parse(argv, { json: { type: 'boolean' } });
    const [action, ...rest] = positionals;
    if (action === 'import') return runImport(rest, values.json, io);
    if (action === 'status') {
      if (rest.length > 0) throw new UsageError('status takes no arguments');
      return withStore(async ({ services }) => {
        const s = await services.vulndb.status();
        const lines = [
          `${s.advisories} advisories (${s.withdrawn} withdrawn), newest modified ${s.newestModified ?? 'n/a'}`,
          ...s.byEcosystem.map(
            (e) =>
              `  ${e.ecosystem.padEnd(12)} ${String(e.advisories).padStart(7)} advisories  ${String(e.packages).padStart(6)} packages`,
          ),
        ];
        emit(io, values.json, s, lines.join('\n'));
        return 0;
      });
    }
    if (action === 'check') {
      const [purl, ...extra] = rest;
      if (!purl || extra.length > 0) throw new UsageError('exactly one <purl> is required');
      return withStore(async ({ services }) => {
        const r = await services.vulndb.check(purl);
        const head = `${r.ecosystem} ${r.name} ${r.version}: ${r.supported ? `${r.advisories.length} advisor${r.advisories.length === 1 ? 'y' : 'ies'}` : 'no version ordering for this ecosystem, not checked'}`;
        const lines = r.advisories.map(
          (a) =>
            `  ${a.id}${a.aliases.length ? ` (${a.aliases.join(', ')})` : ''}: ${a.why}${a.summary ? `\n      ${a.summary}` : ''}`,
        );
        emit(io, values.json, r, [head, ...lines].join('\n'));
        return 0;
      });
    }
    throw new UsageError(`unknown action '${action ?? ''}'`);
  },
};
