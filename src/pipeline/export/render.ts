// Whole-document renderings of a list of findings (scan reports and the non-streamed exports).
import { randomUUID } from 'node:crypto';
import type { ReportFinding } from '../report-model.ts';
import type { ExportComponent, ExportSubject, RefFinding } from './cyclonedx.ts';
import { openvexDocument } from './openvex.ts';
import { sarifChunks, type RuleSource, type SarifViolation } from './sarif.ts';

export const TOOL_VERSION = '0.1.0';

/** One rule per vulnerability, first occurrence wins (findings come most severe first). */
export function rulesOf(findings: Iterable<RuleSource>): RuleSource[] {
  const rules = new Map<string, RuleSource>();
  for (const f of findings) if (!rules.has(f.vulnerabilityId)) rules.set(f.vulnerabilityId, f);
  return [...rules.values()];
}

export async function sarifText(
  artifact: string,
  findings: readonly ReportFinding[],
  violations: readonly SarifViolation[] = [],
): Promise<string> {
  let out = '';
  async function* once() {
    yield [...findings];
  }
  for await (const chunk of sarifChunks(
    { artifact, toolVersion: TOOL_VERSION },
    rulesOf(findings),
    once(),
    violations,
  ))
    out += chunk;
  return out;
}

/** Components named by the findings themselves (a scan keeps no component table). */
export function componentsOfFindings(findings: readonly ReportFinding[]): {
  components: ExportComponent[];
  refFindings: RefFinding[];
} {
  const byKey = new Map<string, ExportComponent>();
  const refFindings = findings.map((f, i) => {
    const key = f.component.purl ?? `${f.component.name}@${f.component.version ?? ''}`;
    let c = byKey.get(key);
    if (!c) {
      c = {
        bomRef: `component-${byKey.size + 1}`,
        name: f.component.name,
        version: f.component.version,
        purl: f.component.purl,
        group: null,
      };
      byKey.set(key, c);
    }
    return { ...f, componentRef: c.bomRef, ref: `finding-${i + 1}` };
  });
  return { components: [...byKey.values()], refFindings };
}

/** Loads the CycloneDX library on first use (110 modules the server and the CLI need for nothing else). */
export async function cyclonedxVexText(
  subject: ExportSubject,
  findings: readonly ReportFinding[],
): Promise<string> {
  const { components, refFindings } = componentsOfFindings(findings);
  const { cyclonedxDocument } = await import('./cyclonedx.ts');
  return cyclonedxDocument(subject, components, refFindings, {
    vexOnly: true,
    serialNumber: `urn:uuid:${randomUUID()}`,
  });
}

export function openvexText(findings: readonly ReportFinding[]): string {
  return openvexDocument(`https://openvex.dev/docs/bulwark/vex-${randomUUID()}`, findings);
}
