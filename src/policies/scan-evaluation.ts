// Policies over a scanned file (nothing stored): the violations `POST /sscs/scan` and `bulwark scan` report, with
// the suppressions recorded on the asset's latest SBOM applied (docs/policies.md "Pipeline").
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import type { ParsedComponent } from '../sboms/sbom-model.ts';
import { cwesOfIds, exploitDataOf } from '../vulndb/index.ts';
import { licenseMissing, readComponentLicense } from './component-licenses.ts';
import type { VulnFacts } from './conditions.ts';
import { cwesOfVulnerability, loadPolicySet } from './evaluation.ts';
import { suppressedOfLatestSbom, suppressionKey } from './facts.repository.ts';
import { appliesTo, evaluateComponent } from './policy-engine.ts';

export interface ScanViolation {
  policyId: string;
  policyName: string;
  kind: 'license' | 'security' | 'operational';
  state: 'info' | 'warn' | 'fail';
  component: { name: string; version: string | null; purl: string | null };
  /** The vulnerability a security condition is about, else null. */
  vulnerabilityId: string | null;
  reason: string;
  status: 'open' | 'suppressed';
}

export interface ScannedComponent {
  component: ParsedComponent;
  vulns: {
    vulnerabilityId: string;
    aliases: string[];
    severity: string;
    cvssScore: number | null;
    kev: boolean;
    status: string;
  }[];
}

/** Triage that rules a vulnerability out (as for stored findings, facts.repository.ts). */
const RULED_OUT = new Set(['false_positive', 'fixed']);

/**
 * The organisation's enabled policies over the scanned components. Without an asset name only policies for
 * every asset apply (a scoped policy cannot know the file is its asset).
 */
export async function evaluateScan(
  db: Kysely<Database>,
  orgId: string,
  assetName: string | null,
  items: readonly ScannedComponent[],
): Promise<ScanViolation[]> {
  const set = await loadPolicySet(db, orgId);
  const asset = { name: assetName ?? '', tags: [] as string[] };
  const policies = set.policies.filter((p) =>
    assetName === null ? p.assetNames === null && p.tags === null : appliesTo(p, asset),
  );
  if (policies.length === 0) return [];
  const ids = items.flatMap((i) => i.vulns.flatMap((v) => [v.vulnerabilityId, ...v.aliases]));
  const epss = set.needsVulns && ids.length > 0 ? (await exploitDataOf(db, ids)).epss : new Map();
  const cwesOf = set.needsVulns && ids.length > 0 ? await cwesOfIds(db, ids) : new Map<string, string[]>();
  const suppressed =
    assetName === null ? new Set<string>() : await suppressedOfLatestSbom(db, orgId, assetName);
  const out: ScanViolation[] = [];
  items.forEach(({ component: c, vulns }, index) => {
    const data = c.licenseData ?? null;
    const facts: VulnFacts[] = vulns
      .filter((v) => !RULED_OUT.has(v.status))
      .map((v, i) => ({
        findingId: String(i),
        vulnerabilityId: v.vulnerabilityId,
        aliases: v.aliases,
        severity: v.severity,
        cvss: v.cvssScore,
        kev: v.kev,
        epss:
          [v.vulnerabilityId, ...v.aliases].map((id) => epss.get(id)?.score).find((s) => s !== undefined) ??
          null,
        cwes: cwesOfVulnerability(cwesOf, [v.vulnerabilityId, ...v.aliases]),
      }));
    const drafts = evaluateComponent(policies, {
      id: String(index),
      name: c.name,
      group: c.group,
      version: c.version,
      purl: c.purl,
      ecosystem: c.ecosystem,
      license: readComponentLicense(data, c.licenses),
      licenseMissing: licenseMissing(data, c.licenses),
      vulns: facts,
      asset,
    });
    for (const d of drafts) {
      const policy = policies.find((p) => p.id === d.policyId)!;
      const vulnerabilityId = d.findingId === '' ? null : facts[Number(d.findingId)]!.vulnerabilityId;
      const key = suppressionKey(d.policyId, c.purl, c.name, vulnerabilityId);
      out.push({
        policyId: d.policyId,
        policyName: policy.name,
        kind: d.kind as ScanViolation['kind'],
        state: d.state as ScanViolation['state'],
        component: { name: c.name, version: c.version, purl: c.purl },
        vulnerabilityId,
        reason: d.reason,
        status: suppressed.has(key) ? 'suppressed' : 'open',
      });
    }
  });
  const rank = { fail: 0, warn: 1, info: 2 };
  return out.sort((a, b) => rank[a.state] - rank[b.state] || a.policyName.localeCompare(b.policyName));
}
