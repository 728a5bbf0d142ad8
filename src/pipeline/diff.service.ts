// The change from one SBOM (the older, `against`) to another: components added, removed and changed (same
// package, other version), findings introduced and resolved (docs/pipeline.md "Diff").
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { notFound } from '../errors.ts';
import { findSbom } from '../sboms/sbom.repository.ts';
import {
  componentsOfSbom,
  findingsOfSbom,
  type ComponentIdentityRow,
  type FindingRowWithComponent,
} from './pipeline.repository.ts';
import { packageIdentity } from './report-model.ts';
import type { ReachScope } from '../db/reach-filter.ts';

interface DiffComponent {
  name: string;
  version: string | null;
  purl: string | null;
}

interface DiffFinding {
  findingId: string;
  vulnerabilityId: string;
  severity: string;
  status: string;
  component: DiffComponent;
}

export interface SbomDiff {
  added: DiffComponent[];
  removed: DiffComponent[];
  changed: { name: string; purl: string | null; from: string | null; to: string | null }[];
  findingsIntroduced: DiffFinding[];
  findingsResolved: DiffFinding[];
}

const identity = (c: ComponentIdentityRow | FindingRowWithComponent) =>
  packageIdentity({ name: c.name, purl: c.purl, group: c.group_name });
const component = (c: ComponentIdentityRow | FindingRowWithComponent): DiffComponent => ({
  name: c.name,
  version: c.version,
  purl: c.purl,
});
const finding = (f: FindingRowWithComponent): DiffFinding => ({
  findingId: f.id,
  vulnerabilityId: f.vulnerability_id,
  severity: f.severity,
  status: f.status,
  component: component(f),
});

/** Versions of each package in an SBOM (a package may appear in several versions). */
function versionsByPackage(rows: readonly ComponentIdentityRow[]): Map<string, ComponentIdentityRow[]> {
  return Map.groupBy(rows, identity);
}

export class DiffService {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  /** Both SBOMs must be in the scope's reach (docs/portfolio-access.md), else 404 naming the one that is not. */
  async diff(scope: ReachScope, sbomId: string, againstId: string): Promise<SbomDiff> {
    const { orgId } = scope;
    for (const id of [sbomId, againstId])
      if (!(await findSbom(this.#db, orgId, id, scope.reach))) throw notFound('SBOM', id);
    const [now, before] = await Promise.all([
      componentsOfSbom(this.#db, orgId, sbomId),
      componentsOfSbom(this.#db, orgId, againstId),
    ]);
    const nowBy = versionsByPackage(now);
    const beforeBy = versionsByPackage(before);
    const out: SbomDiff = {
      added: [],
      removed: [],
      changed: [],
      findingsIntroduced: [],
      findingsResolved: [],
    };
    for (const [key, rows] of nowBy) {
      const old = beforeBy.get(key);
      if (!old) {
        out.added.push(...rows.map(component));
        continue;
      }
      const oldVersions = old.map((r) => r.version);
      const newVersions = rows.map((r) => r.version);
      // One version each side that differs: a change. Several: the versions on one side only are added/removed.
      if (rows.length === 1 && old.length === 1) {
        if (rows[0]!.version !== old[0]!.version)
          out.changed.push({
            name: rows[0]!.name,
            purl: rows[0]!.purl,
            from: old[0]!.version,
            to: rows[0]!.version,
          });
        continue;
      }
      out.added.push(...rows.filter((r) => !oldVersions.includes(r.version)).map(component));
      out.removed.push(...old.filter((r) => !newVersions.includes(r.version)).map(component));
    }
    for (const [key, rows] of beforeBy) if (!nowBy.has(key)) out.removed.push(...rows.map(component));

    const [findingsNow, findingsBefore] = await Promise.all([
      findingsOfSbom(this.#db, orgId, sbomId),
      findingsOfSbom(this.#db, orgId, againstId),
    ]);
    const key = (f: FindingRowWithComponent) => `${identity(f)}\u0000${f.vulnerability_id}`;
    const nowKeys = new Set(findingsNow.map(key));
    const beforeKeys = new Set(findingsBefore.map(key));
    out.findingsIntroduced = findingsNow.filter((f) => !beforeKeys.has(key(f))).map(finding);
    out.findingsResolved = findingsBefore
      .filter((f) => f.status === 'open' && !nowKeys.has(key(f)))
      .map(finding);
    return out;
  }
}
