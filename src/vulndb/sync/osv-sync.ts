/**
 * OSV from osv.dev's bucket layout: `<base>/<Ecosystem>/all.zip` on the first sync of an ecosystem, then
 * `modified_id.csv` and only the `<ID>.json` records modified after the stored high-water mark.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { readSourceFile, type SourceItem } from '../osv-sources.ts';
import { SourceError, type AtomicImportSummary, type VulnDbService } from '../vulndb.service.ts';
import { download, fetchText, locate, type FetchTimeouts } from './fetch-source.ts';
import { getState, recordFailure, recordSuccess } from './sync-state.repository.ts';

export interface OsvEcosystemResult extends Omit<AtomicImportSummary, 'rematch'> {
  ecosystem: string;
  /** full: all.zip read; incremental: records from modified_id.csv; unchanged: nothing newer (or 304). */
  mode: 'full' | 'incremental' | 'unchanged' | 'failed';
  /** Records fetched one by one (incremental). */
  fetched: number;
  error: string | null;
  rematch: AtomicImportSummary['rematch'];
}

export interface OsvSyncContext {
  db: Kysely<Database>;
  vulndb: VulnDbService;
  base: string;
  timeouts: FetchTimeouts;
  /** Parallel record downloads during an incremental sync. */
  concurrency?: number;
}

export const osvStateKey = (ecosystem: string): string => `osv:${ecosystem}`;

const empty = (ecosystem: string, mode: OsvEcosystemResult['mode']): OsvEcosystemResult => ({
  ecosystem,
  mode,
  fetched: 0,
  documents: 0,
  added: 0,
  updated: 0,
  unchanged: 0,
  withdrawn: 0,
  rejected: [],
  rematch: null,
  error: null,
});

/** Millisecond ISO form, so marks written with and without fractions compare correctly as text. */
const normalise = (timestamp: string): string | null => {
  const ms = Date.parse(timestamp);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
};

/** One ecosystem; a failure is recorded in the sync state and returned, never thrown, and stores nothing. */
export async function syncEcosystem(ctx: OsvSyncContext, ecosystem: string): Promise<OsvEcosystemResult> {
  const key = osvStateKey(ecosystem);
  try {
    const state = await getState(ctx.db, key);
    return state?.high_water
      ? await incremental(ctx, ecosystem, state.high_water, state)
      : await full(ctx, ecosystem);
  } catch (error) {
    const reason = error instanceof SourceError ? error.message : `store: ${(error as Error).message}`;
    await recordFailure(ctx.db, key, ctx.base, reason);
    return { ...empty(ecosystem, 'failed'), error: reason };
  }
}

async function full(ctx: OsvSyncContext, ecosystem: string): Promise<OsvEcosystemResult> {
  const dir = await mkdtemp(join(tmpdir(), 'bulwark-osv-'));
  try {
    const zipPath = join(dir, 'all.zip');
    await download(locate(ctx.base, ecosystem, 'all.zip'), zipPath, undefined, ctx.timeouts);
    const summary = await ctx.vulndb.importAtomically(
      readSourceFile({ path: zipPath, kind: 'zip' }),
      async (trx, newest) => {
        await recordSuccess(trx, osvStateKey(ecosystem), {
          location: ctx.base,
          // An empty export still marks the ecosystem as synced: later syncs go incremental.
          high_water: (newest && normalise(newest)) ?? new Date(0).toISOString(),
        });
      },
    );
    return { ...empty(ecosystem, 'full'), ...summary };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** `<RFC 3339 modified>,<ID>` lines, newest first; any malformed line fails the sync. */
export function parseModifiedIds(text: string, source: string): { modified: string; id: string }[] {
  const out: { modified: string; id: string }[] = [];
  text.split('\n').forEach((raw, i) => {
    const line = raw.trim();
    if (line === '') return;
    const comma = line.indexOf(',');
    const modified = comma > 0 ? normalise(line.slice(0, comma)) : null;
    const id = line.slice(comma + 1).trim();
    if (!modified || id === '' || /[/\\]/.test(id))
      throw new SourceError(`${source}:${i + 1}: not '<modified>,<id>'`);
    out.push({ modified, id });
  });
  return out;
}

async function incremental(
  ctx: OsvSyncContext,
  ecosystem: string,
  highWater: string,
  state: { etag: string | null; last_modified: string | null },
): Promise<OsvEcosystemResult> {
  const csvUrl = locate(ctx.base, ecosystem, 'modified_id.csv');
  const csv = await fetchText(csvUrl, { etag: state.etag, lastModified: state.last_modified }, ctx.timeouts);
  const validators = { etag: csv.etag ?? state.etag, last_modified: csv.lastModified ?? state.last_modified };
  if (csv.notModified) {
    await recordSuccess(ctx.db, osvStateKey(ecosystem), { location: ctx.base, ...validators });
    return empty(ecosystem, 'unchanged');
  }
  const lines = parseModifiedIds(csv.body, csvUrl);
  const newer = new Map<string, string>();
  for (const { modified, id } of lines) if (modified > highWater && !newer.has(id)) newer.set(id, modified);
  const mark = lines.reduce((max, l) => (l.modified > max ? l.modified : max), highWater);
  const items = await fetchRecords(ctx, ecosystem, [...newer.keys()]);
  const summary = await ctx.vulndb.importAtomically(
    (async function* () {
      yield* items;
    })(),
    async (trx) => {
      await recordSuccess(trx, osvStateKey(ecosystem), {
        location: ctx.base,
        high_water: mark,
        ...validators,
      });
    },
  );
  return {
    ...empty(ecosystem, newer.size === 0 ? 'unchanged' : 'incremental'),
    ...summary,
    fetched: items.length,
  };
}

/** Every named record, or a SourceError for the first that cannot be had (HTTP error, not JSON). */
async function fetchRecords(ctx: OsvSyncContext, ecosystem: string, ids: string[]): Promise<SourceItem[]> {
  const items: SourceItem[] = new Array<SourceItem>(ids.length);
  let next = 0;
  const worker = async () => {
    while (next < ids.length) {
      const i = next++;
      const url = locate(ctx.base, ecosystem, `${ids[i]!}.json`);
      const fetched = await fetchText(url, undefined, ctx.timeouts);
      if (fetched.notModified) throw new SourceError(`${url}: unexpected 304`);
      try {
        items[i] = { source: url, document: JSON.parse(fetched.body) };
      } catch (error) {
        throw new SourceError(`${url}: not JSON (${(error as Error).message})`);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(ctx.concurrency ?? 16, ids.length) }, worker));
  return items;
}
