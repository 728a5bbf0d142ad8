/** `vulndb sync` and the server's schedule: OSV per ecosystem, then KEV and EPSS, one sync at a time. */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { baseEcosystem } from '../versions/index.ts';
import type { VulnDbService } from '../vulndb.service.ts';
import { classifyFeedFile } from '../exploit-feeds.ts';
import { exploitCounts } from '../exploit.repository.ts';
import { advisoriesByEcosystem } from '../vulndb.repository.ts';
import { syncEpss, syncKev, type FeedResult } from './exploit-sync.ts';
import { DEFAULT_TIMEOUTS, type FetchTimeouts } from './fetch-source.ts';
import { syncEcosystem, type OsvEcosystemResult } from './osv-sync.ts';
import { withSyncLock } from './sync-lock.ts';
import { allStates, componentEcosystems } from './sync-state.repository.ts';

export const DEFAULT_OSV_SOURCE = 'https://osv-vulnerabilities.storage.googleapis.com';

export interface SyncDefaults {
  /** OSV_SOURCE */
  osvSource?: string | undefined;
  /** OSV_ECOSYSTEMS */
  ecosystems?: string[] | undefined;
  /** KEV_SOURCE: KEV is synced only when a source is configured or given. */
  kevSource?: string | undefined;
  /** EPSS_SOURCE: as KEV. */
  epssSource?: string | undefined;
  timeouts?: FetchTimeouts;
}

export interface SyncRequest {
  source?: string | undefined;
  ecosystems?: string[] | undefined;
  kev?: string | undefined;
  epss?: string | undefined;
}

export interface SyncReport {
  /** True when another sync held the lock: nothing was done. */
  skipped: boolean;
  osv: OsvEcosystemResult[];
  kev: FeedResult | null;
  epss: FeedResult | null;
  /** Sources that failed (their data is unchanged). */
  failed: number;
  durationMs: number;
}

export interface SyncProgress {
  /** Called as each source starts (CLI progress lines). */
  onStart?(what: string): void;
  onDone?(what: string, result: OsvEcosystemResult | FeedResult): void;
}

export interface VulnDbStatus {
  osv: {
    ecosystem: string;
    advisories: number;
    lastSyncAt: string | null;
    lastError: string | null;
    source: string | null;
  }[];
  kev: { entries: number; catalogVersion: string | null; lastSyncAt: string | null };
  epss: { entries: number; scoreDate: string | null; lastSyncAt: string | null };
  /** Ecosystems of stored components for which no advisory is held (matching there finds nothing). */
  ecosystemsWithoutAdvisories: string[];
}

export class VulnSyncService {
  readonly #db: Kysely<Database>;
  readonly #vulndb: VulnDbService;
  readonly #defaults: SyncDefaults;

  constructor(db: Kysely<Database>, vulndb: VulnDbService, defaults: SyncDefaults = {}) {
    this.#db = db;
    this.#vulndb = vulndb;
    this.#defaults = defaults;
  }

  /** Ecosystems from the request, else OSV_ECOSYSTEMS, else those of the stored components. */
  async #ecosystems(requested: string[] | undefined): Promise<string[]> {
    if (requested?.length) return requested;
    if (this.#defaults.ecosystems?.length) return this.#defaults.ecosystems;
    return componentEcosystems(this.#db);
  }

  async sync(request: SyncRequest = {}, progress: SyncProgress = {}): Promise<SyncReport> {
    const started = performance.now();
    const timeouts = this.#defaults.timeouts ?? DEFAULT_TIMEOUTS;
    const report = await withSyncLock(this.#db, async () => {
      const base = request.source ?? this.#defaults.osvSource ?? DEFAULT_OSV_SOURCE;
      const osv: OsvEcosystemResult[] = [];
      for (const ecosystem of await this.#ecosystems(request.ecosystems)) {
        progress.onStart?.(`OSV ${ecosystem}`);
        const result = await syncEcosystem({ db: this.#db, vulndb: this.#vulndb, base, timeouts }, ecosystem);
        progress.onDone?.(`OSV ${ecosystem}`, result);
        osv.push(result);
      }
      const feed = async (name: 'KEV' | 'EPSS', location: string | undefined) => {
        if (!location) return null;
        progress.onStart?.(name);
        const ctx = { db: this.#db, timeouts };
        const result = await (name === 'KEV' ? syncKev(ctx, location) : syncEpss(ctx, location));
        progress.onDone?.(name, result);
        return result;
      };
      const kev = await feed('KEV', request.kev ?? this.#defaults.kevSource);
      const epss = await feed('EPSS', request.epss ?? this.#defaults.epssSource);
      const failed = [...osv, kev, epss].filter((r) => r?.error).length;
      return { skipped: false, osv, kev, epss, failed };
    });
    const durationMs = Math.round(performance.now() - started);
    return report
      ? { ...report, durationMs }
      : { skipped: true, osv: [], kev: null, epss: null, failed: 0, durationMs };
  }

  /** Splits `vulndb import` paths into KEV/EPSS files (told by content) and the rest (OSV). */
  async classify(
    paths: string[],
  ): Promise<{ feeds: { kind: 'kev' | 'epss'; path: string }[]; osv: string[] }> {
    const feeds: { kind: 'kev' | 'epss'; path: string }[] = [];
    const osv: string[] = [];
    for (const path of paths) {
      const kind = await classifyFeedFile(path);
      if (kind === 'osv') osv.push(path);
      else feeds.push({ kind, path });
    }
    return { feeds, osv };
  }

  /** Imports a KEV catalog or EPSS file (`vulndb import` recognised it by content). */
  async importFeed(kind: 'kev' | 'epss', path: string): Promise<FeedResult> {
    const ctx = { db: this.#db, timeouts: this.#defaults.timeouts ?? DEFAULT_TIMEOUTS };
    return kind === 'kev' ? syncKev(ctx, path) : syncEpss(ctx, path);
  }

  /**
   * `vulndb status`. The advisory data is shared by every organisation; with `orgId` (the REST endpoint) the
   * ecosystems without advisories are those of that organisation's components only, never another's.
   */
  async status(orgId?: string): Promise<VulnDbStatus> {
    const [states, counts, exploit, used] = await Promise.all([
      allStates(this.#db),
      advisoriesByEcosystem(this.#db),
      exploitCounts(this.#db),
      componentEcosystems(this.#db, orgId),
    ]);
    const byKey = new Map(states.map((s) => [s.source, s]));
    const names = new Set([
      ...counts.keys(),
      ...states.filter((s) => s.source.startsWith('osv:')).map((s) => s.source.slice(4)),
    ]);
    const osv = [...names].sort().map((ecosystem) => {
      const s = byKey.get(`osv:${ecosystem}`);
      return {
        ecosystem,
        advisories: counts.get(ecosystem) ?? 0,
        lastSyncAt: s?.last_success_at ?? null,
        lastError: s?.last_error ?? null,
        source: s?.location ?? null,
      };
    });
    const held = new Set([...counts.keys()].map(baseEcosystem));
    const kev = byKey.get('kev');
    const epss = byKey.get('epss');
    return {
      osv,
      kev: {
        entries: exploit.kevEntries,
        catalogVersion: kev?.version ?? null,
        lastSyncAt: kev?.last_success_at ?? null,
      },
      epss: {
        entries: exploit.epssEntries,
        scoreDate: epss?.version ?? null,
        lastSyncAt: epss?.last_success_at ?? null,
      },
      ecosystemsWithoutAdvisories: used.filter((e) => !held.has(baseEcosystem(e))).sort(),
    };
  }

  /** Per source (osv:<Ecosystem>, kev, epss): last success and whether the last attempt failed (metrics). */
  async sourceStates(): Promise<{ source: string; lastSuccessAt: string | null; failing: boolean }[]> {
    return (await allStates(this.#db)).map((s) => ({
      source: s.source,
      lastSuccessAt: s.last_success_at,
      failing: s.last_error !== null,
    }));
  }
}
