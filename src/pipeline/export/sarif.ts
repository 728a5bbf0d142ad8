// SARIF 2.1.0, written as a stream of text chunks: the rules (one per vulnerability) first, then one result per
// finding, so a 100,000-component SBOM is never held as one document (docs/pipeline.md "Exports").
import type { ReportFinding } from '../report-model.ts';

const SCHEMA = 'https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json';

const LEVEL: Record<string, 'error' | 'warning' | 'note'> = {
  CRITICAL: 'error',
  HIGH: 'error',
  MEDIUM: 'warning',
  LOW: 'note',
};
/** GitHub code scanning reads `security-severity` (a CVSS-like number); without a score, the band's floor. */
const BAND_SCORE: Record<string, number> = { CRITICAL: 9.0, HIGH: 7.0, MEDIUM: 4.0, LOW: 0.1 };

/** A policy violation as SARIF carries it: rule = the policy, level from the violation's state. */
export interface SarifViolation {
  policyId: string;
  policyName: string;
  kind: string;
  state: string;
  component: { name: string; version: string | null; purl: string | null };
  vulnerabilityId?: string | null;
  reason: string;
  status: string;
  comment?: string | null;
}

const STATE_LEVEL: Record<string, 'error' | 'warning' | 'note'> = {
  fail: 'error',
  warn: 'warning',
  info: 'note',
};

function policyRule(v: SarifViolation) {
  const text = `Policy ${v.policyName} (${v.kind})`;
  return {
    id: v.policyId,
    name: v.policyName,
    shortDescription: { text },
    fullDescription: { text },
    defaultConfiguration: { level: STATE_LEVEL[v.state] ?? 'note' },
    properties: { tags: ['policy', v.kind] },
  };
}

function policyResult(v: SarifViolation, ruleIndex: number, artifact: string) {
  const c = v.component;
  const what = `${c.name}${c.version ? `@${c.version}` : ''}`;
  return {
    ruleId: v.policyId,
    ruleIndex,
    level: STATE_LEVEL[v.state] ?? 'note',
    message: { text: `${what} violates policy ${v.policyName}: ${v.reason}` },
    locations: [
      {
        physicalLocation: { artifactLocation: { uri: encodeURIComponent(artifact) } },
        logicalLocations: [{ name: c.purl ?? what, kind: 'package' }],
      },
    ],
    partialFingerprints: {
      'bulwark/package-policy': `${c.purl ?? what}|${v.policyId}|${v.vulnerabilityId ?? ''}`,
    },
    properties: { kind: v.kind, state: v.state, status: v.status },
    ...(v.status === 'suppressed'
      ? { suppressions: [{ kind: 'external', status: 'accepted', justification: v.comment ?? 'suppressed' }] }
      : {}),
  };
}

export interface SarifSubject {
  /** What the results point at: the SBOM's name (no file is shipped with the report). */
  artifact: string;
  toolVersion: string;
}

export type RuleSource = Pick<
  ReportFinding,
  | 'vulnerabilityId'
  | 'aliases'
  | 'summary'
  | 'severity'
  | 'severitySource'
  | 'cvssScore'
  | 'references'
  | 'fixedVersions'
>;

/** The severity a report says: an advisory without any score is unrated (it counts as its fallback band). */
const saidSeverity = (f: Pick<ReportFinding, 'severity' | 'severitySource'>) =>
  f.severitySource === 'default' ? 'unrated' : f.severity;

function rule(f: RuleSource) {
  const text = f.summary ?? `${f.vulnerabilityId}${f.aliases.length ? ` (${f.aliases.join(', ')})` : ''}`;
  return {
    id: f.vulnerabilityId,
    name: f.vulnerabilityId,
    shortDescription: { text },
    fullDescription: { text },
    helpUri: f.references[0]?.url ?? `https://osv.dev/vulnerability/${encodeURIComponent(f.vulnerabilityId)}`,
    help: {
      text: `${text}${f.fixedVersions.length ? `\nFixed in: ${f.fixedVersions.join(', ')}` : ''}`,
    },
    defaultConfiguration: { level: LEVEL[f.severity] },
    properties: {
      'security-severity': (f.cvssScore ?? BAND_SCORE[f.severity]!).toFixed(1),
      tags: [
        'security',
        'vulnerability',
        ...(f.severitySource === 'default' ? ['unrated'] : []),
        ...f.aliases,
      ],
    },
  };
}

function result(f: ReportFinding, ruleIndex: number, artifact: string) {
  const c = f.component;
  const what = `${c.name}${c.version ? `@${c.version}` : ''}`;
  const suppressed = f.status === 'false_positive' || f.status === 'accepted_risk';
  return {
    ruleId: f.vulnerabilityId,
    ruleIndex,
    level: LEVEL[f.severity],
    message: {
      text: `${what} is affected by ${f.vulnerabilityId}${f.severitySource === 'default' ? ' (unrated: no severity score published)' : ''}${f.summary ? `: ${f.summary}` : ''}${
        f.fixedVersions.length ? ` (fixed in ${f.fixedVersions.join(', ')})` : ''
      }`,
    },
    locations: [
      {
        physicalLocation: { artifactLocation: { uri: encodeURIComponent(artifact) } },
        logicalLocations: [{ name: c.purl ?? what, kind: 'package' }],
      },
    ],
    partialFingerprints: { 'bulwark/package-vulnerability': `${c.purl ?? what}|${f.vulnerabilityId}` },
    properties: {
      status: f.status,
      severity: saidSeverity(f),
      severitySource: f.severitySource,
      // How the component got in and what to upgrade it to (docs/remediation.md), when known.
      ...(f.direct !== undefined ? { direct: f.direct, paths: f.paths ?? [] } : {}),
      ...(f.upgradeTo !== undefined ? { upgradeTo: f.upgradeTo } : {}),
    },
    ...(suppressed
      ? {
          suppressions: [
            {
              kind: 'external',
              status: 'accepted',
              justification: f.remediationNotes ?? f.status,
            },
          ],
        }
      : {}),
  };
}

/**
 * Streams the log. `rules` must list every vulnerability the findings name (a first pass over the findings);
 * `findings` is read once, page by page.
 */
export async function* sarifChunks(
  subject: SarifSubject,
  rules: readonly RuleSource[],
  findings: AsyncIterable<ReportFinding[]>,
  violations: readonly SarifViolation[] = [],
): AsyncGenerator<string> {
  const index = new Map(rules.map((r, i) => [r.vulnerabilityId, i]));
  // Policy rules follow the vulnerability rules, one per policy (first violation names it).
  const policies = new Map<string, { at: number; source: SarifViolation }>();
  for (const v of violations)
    if (!policies.has(v.policyId)) policies.set(v.policyId, { at: rules.length + policies.size, source: v });
  const driver = {
    name: 'Bulwark',
    informationUri: 'https://github.com/bulwark-security/bulwark',
    version: subject.toolVersion,
    rules: [...rules.map(rule), ...[...policies.values()].map((p) => policyRule(p.source))],
  };
  yield `{"$schema":${JSON.stringify(SCHEMA)},"version":"2.1.0","runs":[{"tool":{"driver":${JSON.stringify(driver)}},"results":[`;
  let first = true;
  for await (const page of findings) {
    let chunk = '';
    for (const f of page) {
      chunk +=
        (first ? '' : ',') + JSON.stringify(result(f, index.get(f.vulnerabilityId) ?? -1, subject.artifact));
      first = false;
    }
    if (chunk) yield chunk;
  }
  let chunk = '';
  for (const v of violations) {
    chunk +=
      (first ? '' : ',') + JSON.stringify(policyResult(v, policies.get(v.policyId)!.at, subject.artifact));
    first = false;
  }
  if (chunk) yield chunk;
  yield ']}]}';
}
