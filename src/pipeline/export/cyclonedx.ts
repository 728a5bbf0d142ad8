// CycloneDX 1.6 JSON exports through @cyclonedx/cyclonedx-library: the SBOM with its vulnerabilities, or a VEX
// document (the affected components and the vulnerabilities with their analysis).
import { Enums, Models, Serialize, Spec } from '@cyclonedx/cyclonedx-library';
import type { ReportFinding } from '../report-model.ts';
import { cyclonedxAnalysisOf, NOTES_PROPERTY, STATUS_PROPERTY } from './vex-states.ts';

export interface ExportComponent {
  bomRef: string;
  name: string;
  version: string | null;
  purl: string | null;
  group: string | null;
  /** bomRefs of the exported components this one depends on (the SBOM's graph, kept in a full export). */
  dependsOn?: string[];
}

export interface ExportSubject {
  name: string;
  version: string | null;
  /** bomRefs of the subject's own dependencies. */
  dependsOn?: string[];
}

/** A finding with the bom-ref of its component in the exported document. */
export type RefFinding = ReportFinding & { componentRef: string; ref: string };

const SEVERITY: Record<string, Enums.Vulnerability.Severity> = {
  CRITICAL: Enums.Vulnerability.Severity.Critical,
  HIGH: Enums.Vulnerability.Severity.High,
  MEDIUM: Enums.Vulnerability.Severity.Medium,
  LOW: Enums.Vulnerability.Severity.Low,
};

function ratingMethod(vector: string | null): Enums.Vulnerability.RatingMethod {
  if (vector === null) return Enums.Vulnerability.RatingMethod.Other;
  if (vector.startsWith('CVSS:4')) return Enums.Vulnerability.RatingMethod.CVSSv4;
  if (vector.startsWith('CVSS:3.1')) return Enums.Vulnerability.RatingMethod.CVSSv31;
  if (vector.startsWith('CVSS:3')) return Enums.Vulnerability.RatingMethod.CVSSv3;
  return Enums.Vulnerability.RatingMethod.CVSSv2;
}

function toComponent(c: ExportComponent): Models.Component {
  const purl = c.purl ?? undefined;
  return new Models.Component(Enums.ComponentType.Library, c.name, {
    bomRef: c.bomRef,
    ...(c.version !== null ? { version: c.version } : {}),
    ...(c.group !== null ? { group: c.group } : {}),
    ...(purl ? { purl } : {}),
  });
}

function toVulnerability(
  f: RefFinding,
  refs: Map<string, Models.Component>,
): Models.Vulnerability.Vulnerability {
  const v = new Models.Vulnerability.Vulnerability({
    bomRef: f.ref,
    id: f.vulnerabilityId,
    ...(f.summary !== null ? { description: f.summary } : {}),
    ...(f.fixedVersions.length ? { recommendation: `Upgrade to ${f.fixedVersions.join(' or ')}` } : {}),
  });
  v.source = new Models.Vulnerability.Source({
    name: 'OSV',
    url: `https://osv.dev/vulnerability/${encodeURIComponent(f.vulnerabilityId)}`,
  });
  v.ratings.add(
    new Models.Vulnerability.Rating({
      severity: SEVERITY[f.severity]!,
      method: ratingMethod(f.cvssVector),
      ...(f.cvssScore !== null ? { score: f.cvssScore } : {}),
      ...(f.cvssVector !== null ? { vector: f.cvssVector } : {}),
    }),
  );
  for (const alias of f.aliases)
    v.references.add(
      new Models.Vulnerability.Reference(
        alias,
        new Models.Vulnerability.Source({
          name: 'OSV',
          url: `https://osv.dev/vulnerability/${encodeURIComponent(alias)}`,
        }),
      ),
    );
  const component = refs.get(f.componentRef);
  if (component) v.affects.add(new Models.Vulnerability.Affect(component.bomRef));
  const analysis = cyclonedxAnalysisOf(f.status, f);
  v.analysis = new Models.Vulnerability.Analysis({
    state: analysis.state as Enums.Vulnerability.AnalysisState,
    ...(analysis.justification !== null
      ? { justification: analysis.justification as Enums.Vulnerability.AnalysisJustification }
      : {}),
    ...(f.detail !== null ? { detail: f.detail } : {}),
  });
  for (const r of analysis.response) v.analysis.response.add(r as Enums.Vulnerability.AnalysisResponse);
  // The status itself, so accepted_risk (exploitable + will_not_fix) reads back as such, and the notes, which
  // CycloneDX has no field for (detail is the analysis's own text).
  v.properties.add(new Models.Property(STATUS_PROPERTY, f.status));
  if (f.remediationNotes !== null) v.properties.add(new Models.Property(NOTES_PROPERTY, f.remediationNotes));
  return v;
}

/** The document as CycloneDX 1.6 JSON text. `vexOnly` keeps only the components findings refer to. */
export function cyclonedxDocument(
  subject: ExportSubject,
  components: readonly ExportComponent[],
  findings: readonly RefFinding[],
  options: { vexOnly: boolean; serialNumber: string },
): string {
  const bom = new Models.Bom({ serialNumber: options.serialNumber });
  bom.metadata.timestamp = new Date();
  bom.metadata.component = new Models.Component(Enums.ComponentType.Application, subject.name, {
    bomRef: 'bulwark:subject',
    ...(subject.version !== null ? { version: subject.version } : {}),
  });
  const wanted = options.vexOnly ? new Set(findings.map((f) => f.componentRef)) : undefined;
  const refs = new Map<string, Models.Component>();
  for (const c of components) {
    if (wanted && !wanted.has(c.bomRef)) continue;
    const model = toComponent(c);
    refs.set(c.bomRef, model);
    bom.components.add(model);
  }
  // The dependency graph, between the components the document keeps.
  for (const c of components)
    for (const ref of c.dependsOn ?? []) {
      const target = refs.get(ref);
      if (target?.bomRef && refs.has(c.bomRef)) refs.get(c.bomRef)!.dependencies.add(target.bomRef);
    }
  for (const ref of subject.dependsOn ?? []) {
    const target = refs.get(ref);
    if (target?.bomRef) bom.metadata.component.dependencies.add(target.bomRef);
  }
  for (const f of findings) bom.vulnerabilities.add(toVulnerability(f, refs));
  const serializer = new Serialize.JsonSerializer(new Serialize.JSON.Normalize.Factory(Spec.Spec1dot6));
  return serializer.serialize(bom, { sortLists: false });
}
