/** The queries over the global advisory tables. */
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { fromJson, insertMany, toJson } from '../db/helpers.ts';
import { turnTaker } from '../shared/turns.ts';
import type { Advisory } from './osv.ts';
import { bestCvss, bestLabel } from './severity.ts';
import type { VulnAdvisoryRow, VulnAffectedRow } from './vulndb.table.ts';

/**
 * Queries over the global advisory tables. They take no org id on purpose: advisories are shared reference
 * data; everything per organisation (findings, components) is queried with its org id elsewhere.
 */

/** A package as matching names it. */
export interface PackageRef {
  ecosystem: string;
  packageKey: string;
}

const CHUNK = 1000;

export function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export interface StoredVersion {
  modified: string;
  contentHash: string;
  /** False for an advisory stored before CWEs were read (`cwes` null). */
  hasCwes: boolean;
  withdrawn: string | null;
  importedAt: string;
}

export async function findStoredVersions(
  db: Kysely<Database>,
  ids: readonly string[],
): Promise<Map<string, StoredVersion>> {
  const found = new Map<string, StoredVersion>();
  for (const part of chunks(ids)) {
    const rows = await db
      .selectFrom('vuln_advisories')
      .select(['id', 'modified', 'content_hash', 'withdrawn', 'imported_at', 'cwes'])
      .where('id', 'in', part)
      .execute();
    for (const r of rows)
      found.set(r.id, {
        modified: r.modified,
        contentHash: r.content_hash,
        hasCwes: r.cwes !== null,
        withdrawn: r.withdrawn,
        importedAt: r.imported_at,
      });
  }
  return found;
}

/** The packages advisories affect as stored now (before a replacement, so dropped packages get re-matched too). */
export async function storedPackagesOf(db: Kysely<Database>, ids: readonly string[]): Promise<PackageRef[]> {
  const refs: PackageRef[] = [];
  for (const part of chunks(ids)) {
    const rows = await db
      .selectFrom('vuln_affected')
      .select(['ecosystem', 'package_key'])
      .where('advisory_id', 'in', part)
      .execute();
    for (const r of rows) refs.push({ ecosystem: r.ecosystem, packageKey: r.package_key });
  }
  return refs;
}

/** Ids of stored advisories that name any of `ids` as an alias. */
export async function advisoriesAliasing(db: Kysely<Database>, ids: readonly string[]): Promise<string[]> {
  const out = new Set<string>();
  for (const part of chunks(ids)) {
    const rows = await db
      .selectFrom('vuln_aliases')
      .select('advisory_id')
      .where('alias_id', 'in', part)
      .execute();
    for (const r of rows) out.add(r.advisory_id);
  }
  return [...out];
}

function advisoryRow(a: Advisory, now: string, importedAt: string) {
  const allSeverity = [...a.severity, ...a.affected.flatMap((p) => p.severity)];
  const cvss = bestCvss(allSeverity);
  return {
    id: a.id,
    modified: a.modified,
    published: a.published,
    withdrawn: a.withdrawn,
    summary: a.summary,
    details: a.details,
    aliases: toJson(a.aliases),
    severity: toJson(allSeverity),
    cvss_score: cvss?.score ?? null,
    cvss_vector: cvss?.vector ?? null,
    cvss_source: cvss?.source ?? null,
    severity_label: bestLabel(allSeverity, [
      a.qualitativeSeverity,
      ...a.affected.map((p) => p.qualitativeSeverity),
    ]),
    refs: toJson(a.references),
    cwes: toJson(a.cwes),
    ecosystems: toJson([...new Set(a.affected.map((p) => p.ecosystem))]),
    content_hash: a.contentHash,
    imported_at: importedAt,
    updated_at: now,
  };
}

/**
 * The CWE ids of advisories stored before CWEs were read, from the same documents imported again: only that
 * column changes (nothing to match again), so a re-import or the next sync fills them without a change.
 */
export async function fillCwes(db: Kysely<Database>, advisories: readonly Advisory[]): Promise<void> {
  // One statement per distinct CWE list (most advisories share a few), not one per advisory.
  const idsByCwes = new Map<string, string[]>();
  for (const a of advisories) {
    const cwes = toJson(a.cwes);
    const ids = idsByCwes.get(cwes);
    if (ids) ids.push(a.id);
    else idsByCwes.set(cwes, [a.id]);
  }
  for (const [cwes, ids] of idsByCwes)
    for (const part of chunks(ids))
      await db.updateTable('vuln_advisories').set({ cwes }).where('id', 'in', part).execute();
}

/**
 * CWE ids per vulnerability id: the union over every stored advisory that has that id or names it as an alias
 * (a CVE's GitHub advisory carries CWEs, its PyPI one does not). Ids without any are absent.
 */
export async function cwesOfIds(
  db: Kysely<Database>,
  ids: readonly string[],
): Promise<Map<string, string[]>> {
  const found = new Map<string, Set<string>>();
  const add = (id: string, cwes: string | null) => {
    for (const cwe of fromJson<string[]>(cwes, [])) {
      const set = found.get(id) ?? new Set<string>();
      set.add(cwe);
      found.set(id, set);
    }
  };
  for (const part of chunks([...new Set(ids)])) {
    const own = await db
      .selectFrom('vuln_advisories')
      .select(['id', 'cwes'])
      .where('id', 'in', part)
      .where('cwes', '<>', '[]')
      .execute();
    for (const r of own) add(r.id, r.cwes);
    const named = await db
      .selectFrom('vuln_aliases as l')
      .innerJoin('vuln_advisories as a', 'a.id', 'l.advisory_id')
      .select(['l.alias_id', 'a.cwes'])
      .where('l.alias_id', 'in', part)
      .where('a.cwes', '<>', '[]')
      .execute();
    for (const r of named) add(r.alias_id, r.cwes);
  }
  return new Map([...found].map(([id, set]) => [id, [...set].sort()]));
}

/** Replaces (or inserts) advisories with their packages and alias links. Call inside a transaction. */
export async function replaceAdvisories(
  db: Kysely<Database>,
  advisories: readonly Advisory[],
  importedAt: ReadonlyMap<string, string>,
  now: string,
): Promise<void> {
  const ids = advisories.map((a) => a.id);
  for (const part of chunks(ids)) {
    await db.deleteFrom('vuln_affected').where('advisory_id', 'in', part).execute();
    await db.deleteFrom('vuln_aliases').where('advisory_id', 'in', part).execute();
    await db.deleteFrom('vuln_advisories').where('id', 'in', part).execute();
  }
  await insertMany(
    db,
    'vuln_advisories',
    advisories.map((a) => advisoryRow(a, now, importedAt.get(a.id) ?? now)),
  );
  await insertMany(
    db,
    'vuln_affected',
    advisories.flatMap((a) =>
      a.affected.map((p, idx) => ({
        advisory_id: a.id,
        idx,
        ecosystem: p.ecosystem,
        package_key: p.packageKey,
        name: p.name,
        ranges: toJson(p.ranges),
        versions: toJson(p.versions),
      })),
    ),
  );
  await insertMany(
    db,
    'vuln_aliases',
    advisories.flatMap((a) => a.aliases.map((alias) => ({ alias_id: alias, advisory_id: a.id }))),
  );
  await db
    .updateTable('vuln_state')
    .set((eb) => ({ generation: eb('generation', '+', 1) }))
    .where('id', '=', 1)
    .execute();
}

/** The advisory database's generation: changes whenever an import changed advisories. */
export async function generation(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('vuln_state').select('generation').where('id', '=', 1).executeTakeFirst();
  return Number(row?.generation ?? 0);
}

export type CandidateRow = Omit<VulnAffectedRow, 'name'> &
  Pick<
    VulnAdvisoryRow,
    'withdrawn' | 'aliases' | 'cvss_score' | 'cvss_vector' | 'cvss_source' | 'severity_label'
  >;

/** Every affected-package entry (with its advisory) for the given packages. */
export async function loadCandidates(
  db: Kysely<Database>,
  packages: readonly PackageRef[],
  /** Offered between queries and every 1,024 packages (SQLite answers synchronously: 100,000 packages are ≈ 200 queries). */
  turn: () => Promise<void> = turnTaker(),
): Promise<CandidateRow[]> {
  const byEcosystem = new Map<string, Set<string>>();
  for (let i = 0; i < packages.length; i++) {
    if ((i & 1023) === 1023) await turn();
    const p = packages[i]!;
    const keys = byEcosystem.get(p.ecosystem) ?? new Set<string>();
    keys.add(p.packageKey);
    byEcosystem.set(p.ecosystem, keys);
  }
  const rows: CandidateRow[] = [];
  for (const [ecosystem, keys] of byEcosystem) {
    for (const part of chunks([...keys])) {
      await turn();
      const found = await db
        .selectFrom('vuln_affected as p')
        .innerJoin('vuln_advisories as a', 'a.id', 'p.advisory_id')
        .select(['p.advisory_id', 'p.idx', 'p.ecosystem', 'p.package_key', 'p.ranges', 'p.versions'])
        .select([
          'a.withdrawn',
          'a.aliases',
          'a.cvss_score',
          'a.cvss_vector',
          'a.cvss_source',
          'a.severity_label',
        ])
        .where('p.ecosystem', '=', ecosystem)
        .where('p.package_key', 'in', part)
        .execute();
      rows.push(...found);
    }
  }
  return rows;
}

/**
 * Whether any affected-package entry names `ecosystem` (one probe of vuln_affected_package_idx): when none does, no
 * package of it has a candidate, and matching its components can skip their look-ups (finding-matching.ts).
 */
export async function holdsEcosystem(db: Kysely<Database>, ecosystem: string): Promise<boolean> {
  const row = await db
    .selectFrom('vuln_affected')
    .select('advisory_id')
    .where('ecosystem', '=', ecosystem)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Summary and references (JSON) of the given advisories: loaded for matched advisories only. */
export async function advisoryDetails(
  db: Kysely<Database>,
  ids: readonly string[],
): Promise<Pick<VulnAdvisoryRow, 'id' | 'summary' | 'refs'>[]> {
  const rows: Pick<VulnAdvisoryRow, 'id' | 'summary' | 'refs'>[] = [];
  for (const part of chunks(ids))
    rows.push(
      ...(await db
        .selectFrom('vuln_advisories')
        .select(['id', 'summary', 'refs'])
        .where('id', 'in', part)
        .execute()),
    );
  return rows;
}

export type SeverityRow = Pick<
  VulnAdvisoryRow,
  'id' | 'cvss_score' | 'cvss_vector' | 'cvss_source' | 'severity_label' | 'withdrawn'
>;

/** For each of `ids`, the advisories known by it: the advisory with that id and those naming it as an alias. */
export async function severityOfIds(
  db: Kysely<Database>,
  ids: readonly string[],
): Promise<Map<string, SeverityRow[]>> {
  const out = new Map<string, SeverityRow[]>();
  const add = (id: string, row: SeverityRow) => out.set(id, [...(out.get(id) ?? []), row]);
  for (const part of chunks(ids)) {
    const direct = await db
      .selectFrom('vuln_advisories')
      .select(['id', 'cvss_score', 'cvss_vector', 'cvss_source', 'severity_label', 'withdrawn'])
      .where('id', 'in', part)
      .execute();
    for (const r of direct) add(r.id, r);
    const viaAlias = await db
      .selectFrom('vuln_aliases as l')
      .innerJoin('vuln_advisories as a', 'a.id', 'l.advisory_id')
      .select([
        'l.alias_id',
        'a.id',
        'a.cvss_score',
        'a.cvss_vector',
        'a.cvss_source',
        'a.severity_label',
        'a.withdrawn',
      ])
      .where('l.alias_id', 'in', part)
      .execute();
    for (const { alias_id, ...r } of viaAlias) add(alias_id, r);
  }
  return out;
}

export interface EcosystemCount {
  ecosystem: string;
  advisories: number;
  packages: number;
}

export async function statusCounts(db: Kysely<Database>) {
  const totals = await db
    .selectFrom('vuln_advisories')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('modified').as('newest')])
    .executeTakeFirstOrThrow();
  const withdrawn = await db
    .selectFrom('vuln_advisories')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('withdrawn', 'is not', null)
    .executeTakeFirstOrThrow();
  const byEcosystem = await db
    .selectFrom('vuln_affected')
    .select((eb) => [
      'ecosystem',
      eb.fn.count<number>('advisory_id').distinct().as('advisories'),
      eb.fn.count<number>('package_key').distinct().as('packages'),
    ])
    .groupBy('ecosystem')
    .orderBy('ecosystem')
    .execute();
  return {
    advisories: Number(totals.n),
    withdrawn: Number(withdrawn.n),
    newestModified: (totals.newest as string | null) ?? null,
    byEcosystem: byEcosystem.map((r): EcosystemCount => ({
      ecosystem: r.ecosystem,
      advisories: Number(r.advisories),
      packages: Number(r.packages),
    })),
  };
}

/** Advisories held per affected ecosystem (as OSV names it, e.g. `Alpine:v3.18`). */
export async function advisoriesByEcosystem(db: Kysely<Database>): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('vuln_affected')
    .select((eb) => ['ecosystem', eb.fn.count<number>('advisory_id').distinct().as('n')])
    .groupBy('ecosystem')
    .execute();
  return new Map(rows.map((r) => [r.ecosystem, Number(r.n)]));
}
