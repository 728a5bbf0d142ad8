/** `bulwark vulndb import | status | check`: the OSV advisory database from the command line. */
import { statSync } from 'node:fs';
import cliProgress from 'cli-progress';
import type { ImportProgress, ImportSummary } from '../vulndb/index.ts';
import { emit, InputError, parse, UsageError, type Command, type CommandIo } from './cli-kit.ts';
import { withStore } from './context.ts';
import { feedLine, humanStatus, runSync } from './vulndb-sync.command.ts';
import type { FeedResult } from '../vulndb/index.ts';

/** A progress bar on stderr when it is a terminal; nothing otherwise (pipes and CI stay clean). */
function progressBar(): { progress: ImportProgress; stop: () => void } {
  if (!process.stderr.isTTY) return { progress: {}, stop: () => {} };
  const bar = new cliProgress.SingleBar(
    {
      stream: process.stderr,
      format: 'importing [{bar}] {value}/{total} entries | {eta_formatted} left',
      hideCursor: true,
    },
    cliProgress.Presets.shades_classic,
  );
  return {
    // The total is counted before the first entry is read, so the bar and its estimate are right from the start.
    progress: {
      start: (total) => bar.start(total, 0),
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
  // A path that is not there is the caller's mistake (exit 2), said before the store is opened.
  for (const path of paths) {
    try {
      statSync(path);
    } catch (error) {
      throw new InputError(
        `cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
      );
    }
  }
  return withStore(async ({ services }) => {
    const { feeds: feedPaths, osv } = await services.vulndbSync.classify(paths);
    const feeds: FeedResult[] = [];
    for (const { kind, path } of feedPaths) feeds.push(await services.vulndbSync.importFeed(kind, path));
    const feedsFailed = feeds.some((f) => f.error !== null);
    if (osv.length === 0) {
      emit(io, json, { feeds }, feeds.map(feedLine).join('\n'));
      return feedsFailed ? 1 : 0;
    }
    const bar = json ? { progress: {}, stop: () => {} } : progressBar();
    let summary: ImportSummary;
    try {
      summary = await services.vulndb.import(osv, bar.progress);
      // Re-matched findings re-evaluate security policies in the background: done before the store closes.
      await services.policies.reevaluation.idle();
    } finally {
      bar.stop();
    }
    const human = [humanSummary(summary), ...feeds.map(feedLine)].join('\n');
    emit(io, json, feeds.length > 0 ? { ...summary, feeds } : summary, human);
    // Partial success is success; only an import where nothing at all was usable fails.
    const nothingUsable =
      summary.rejected.length > 0 && summary.added + summary.updated + summary.unchanged === 0;
    return nothingUsable || feedsFailed ? 1 : 0;
  });
}

export const vulndbCommand: Command = {
  summary: 'sync or import vulnerability data (OSV, KEV, EPSS), show its status, check a package version',
  usage: `Usage:
  bulwark vulndb sync [--source URL|DIR] [--ecosystems A,B] [--kev URL|FILE] [--epss URL|FILE] [--json]
                                           OSV from osv.dev's layout (env OSV_SOURCE, OSV_ECOSYSTEMS), KEV and
                                           EPSS (env KEV_SOURCE, EPSS_SOURCE); a failed source changes nothing
  bulwark vulndb import <path…> [--json]   OSV advisories (a directory, an osv.dev ecosystem .zip, .json or
                                           .jsonl), a KEV catalog .json or an EPSS .csv(.gz), told by content
  bulwark vulndb status [--json]           per source: advisories or entries, last sync, last error
  bulwark vulndb check <purl> [--json]     advisories affecting one package version, and why

Importing is idempotent (id + modified + content); stored components are re-matched afterwards.`,
  async run(argv, io) {
    const { values, positionals } = parse(argv, {
      json: { type: 'boolean' },
      source: { type: 'string' },
      ecosystems: { type: 'string' },
      kev: { type: 'string' },
      epss: { type: 'string' },
    });
    const [action, ...rest] = positionals;
    const syncFlags = ['source', 'ecosystems', 'kev', 'epss'] as const;
    if (action !== 'sync' && syncFlags.some((f) => values[f] !== undefined))
      throw new UsageError(
        `--${syncFlags.find((f) => values[f] !== undefined)!} is an option of 'sync' only`,
      );
    if (action === 'sync') {
      if (rest.length > 0) throw new UsageError('sync takes no arguments');
      return withStore(({ services }) => runSync(services, values, io));
    }
    if (action === 'import') return runImport(rest, values.json, io);
    if (action === 'status') {
      if (rest.length > 0) throw new UsageError('status takes no arguments');
      return withStore(async ({ services }) => {
        const s = await services.vulndbSync.status();
        // --json prints exactly the documented object (docs/vulndb-sync.md); the gap list shows in the text only.
        const { osv, kev, epss } = s;
        emit(io, values.json, { osv, kev, epss }, humanStatus(s));
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
