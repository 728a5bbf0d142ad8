// Reads a CycloneDX VEX (1.4+) or OpenVEX 0.2.0 document into statements: vulnerability id, package URL, the
// finding status it means (docs/pipeline.md "VEX") and the notes that go with it.
import { AppError } from '../errors.ts';
import type { FindingStatus } from '../findings/finding.service.ts';
import { JUSTIFICATIONS, RESPONSES, type Analysis, type Response } from '../findings/triage/analysis.ts';
import { purlInfo, str } from '../sboms/parsers/component-fields.ts';
import {
  FALSE_POSITIVE_STATEMENT,
  FROM_OPENVEX_JUSTIFICATION,
  NOTES_PROPERTY,
  RISK_ACCEPTED,
  STATUS_PROPERTY,
  statusOfCyclonedx,
  statusOfOpenvex,
} from './export/vex-states.ts';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

export interface VexStatement {
  vulnerabilityId: string;
  /** Canonical package URL; null when the statement names no usable one. */
  purl: string | null;
  /** The product reference as written, for reports. */
  product: string;
  status: FindingStatus | null;
  notes: string | null;
  /** The analysis the statement states; `carries` says which parts its format can state at all. */
  analysis: Analysis;
  carries: { response: boolean; detail: boolean };
  /** Why it cannot apply, when it cannot (reported as unmatched, never dropped). */
  problem?: string;
}

const CDX_VEX_VERSIONS = ['1.4', '1.5', '1.6', '1.7'];
const OPENVEX_CONTEXT = /^https:\/\/openvex\.dev\/ns(\/v0\.2\.0)?\/?$/;

const invalid = (message: string) => new AppError('PARSE_ERROR', 400, `VEX document: ${message}`);
const unsupported = (seen: string) =>
  new AppError('UNSUPPORTED_FORMAT', 400, `${seen}; accepted: CycloneDX VEX 1.4–1.7 JSON, OpenVEX 0.2.0`);

export function parseVex(doc: unknown): { format: 'cyclonedx' | 'openvex'; statements: VexStatement[] } {
  if (!isObject(doc)) throw unsupported('the body is not a JSON object');
  if (doc.bomFormat === 'CycloneDX') return { format: 'cyclonedx', statements: cyclonedx(doc) };
  const context = typeof doc['@context'] === 'string' ? doc['@context'] : '';
  if (OPENVEX_CONTEXT.test(context)) return { format: 'openvex', statements: openvex(doc) };
  if (context.includes('openvex.dev')) throw unsupported(`OpenVEX context '${context}' seen`);
  throw unsupported('neither a CycloneDX BOM (bomFormat) nor an OpenVEX document (@context) seen');
}

const joinNotes = (...parts: unknown[]): string | null => {
  const text = parts.map(str).filter((p): p is string => p !== null);
  return text.length ? text.join(': ') : null;
};

function cyclonedx(doc: Json): VexStatement[] {
  const version = String(doc.specVersion ?? '');
  if (!CDX_VEX_VERSIONS.includes(version))
    throw unsupported(`CycloneDX ${version || '(no specVersion)'} seen`);
  if (!Array.isArray(doc.vulnerabilities)) throw invalid('vulnerabilities must be an array');
  const purls = new Map<string, string>();
  const visit = (list: unknown) => {
    if (!Array.isArray(list)) return;
    for (const c of list) {
      if (!isObject(c)) continue;
      const ref = str(c['bom-ref']);
      const purl = str(c.purl);
      if (ref && purl) purls.set(ref, purl);
      visit(c.components);
    }
  };
  visit(doc.components);
  if (isObject(doc.metadata) && isObject(doc.metadata.component)) visit([doc.metadata.component]);
  const out: VexStatement[] = [];
  doc.vulnerabilities.forEach((v, i) => {
    if (!isObject(v)) throw invalid(`vulnerabilities[${i}] must be an object`);
    const id = str(v.id);
    if (id === null) throw invalid(`vulnerabilities[${i}].id is missing`);
    const analysis = isObject(v.analysis) ? v.analysis : {};
    const state = str(analysis.state);
    const properties = Array.isArray(v.properties) ? v.properties.filter(isObject) : [];
    const property = properties.find((p) => p.name === STATUS_PROPERTY) ?? null;
    const justification = str(analysis.justification);
    const status = state === null ? null : statusOfCyclonedx(state, justification, str(property?.value));
    // Bulwark's own documents carry the notes in a property; others' as justification and detail.
    const notes = property
      ? str(properties.find((p) => p.name === NOTES_PROPERTY)?.value)
      : joinNotes(analysis.justification, analysis.detail);
    const vex = {
      analysis: {
        justification: known(JUSTIFICATIONS, justification),
        response: responsesOf(analysis.response),
        detail: str(analysis.detail),
      },
      carries: { response: true, detail: true },
    };
    const affects = Array.isArray(v.affects) ? v.affects.filter(isObject) : [];
    if (affects.length === 0)
      out.push({
        vulnerabilityId: id,
        purl: null,
        product: '',
        status,
        notes,
        ...vex,
        problem: 'no affects',
      });
    for (const a of affects) {
      const ref = str(a.ref) ?? '';
      // A bom-ref of this document, a BOM-Link (urn:cdx:…#ref) or a package URL itself.
      const fragment = ref.includes('#') ? decodeURIComponent(ref.slice(ref.indexOf('#') + 1)) : ref;
      const raw = purls.get(ref) ?? purls.get(fragment) ?? (fragment.startsWith('pkg:') ? fragment : null);
      const purl = purlInfo(raw).purl;
      out.push({
        vulnerabilityId: id,
        purl,
        product: ref,
        status,
        notes,
        ...vex,
        ...(state === null
          ? { problem: 'no analysis state' }
          : status === null
            ? { problem: `unknown analysis state '${state}'` }
            : purl === null
              ? { problem: 'the affected ref resolves to no package URL' }
              : {}),
      });
    }
  });
  return out;
}

function openvex(doc: Json): VexStatement[] {
  if (!Array.isArray(doc.statements)) throw invalid('statements must be an array');
  // Bulwark's own documents carry the notes as status_notes; others' as justification and statement.
  const ours = doc.tooling === 'Bulwark';
  const out: VexStatement[] = [];
  doc.statements.forEach((s, i) => {
    if (!isObject(s)) throw invalid(`statements[${i}] must be an object`);
    const vulnerability = s.vulnerability;
    const id = isObject(vulnerability) ? str(vulnerability.name) : str(vulnerability);
    if (id === null) throw invalid(`statements[${i}].vulnerability.name is missing`);
    const raw = str(s.status);
    const justification = str(s.justification);
    const action = str(s.action_statement);
    const status = raw === null ? null : statusOfOpenvex(raw, justification, action);
    const notes = ours
      ? str(s.status_notes)
      : joinNotes(s.justification, s.impact_statement ?? s.action_statement ?? s.status_notes);
    const vex = {
      analysis: {
        justification: justification === null ? null : (FROM_OPENVEX_JUSTIFICATION[justification] ?? null),
        response: null,
        detail: openvexDetail(raw, str(s.impact_statement), action),
      },
      carries: { response: false, detail: raw === 'not_affected' || raw === 'affected' },
    };
    const products = Array.isArray(s.products) ? s.products.filter(isObject) : [];
    if (products.length === 0)
      out.push({
        vulnerabilityId: id,
        purl: null,
        product: '',
        status,
        notes,
        ...vex,
        problem: 'no products',
      });
    for (const p of products) {
      const identifiers = isObject(p.identifiers) ? p.identifiers : {};
      const product = str(p['@id']) ?? str(identifiers.purl) ?? '';
      const purl = purlInfo(str(identifiers.purl) ?? product).purl;
      out.push({
        vulnerabilityId: id,
        purl,
        product,
        status,
        notes,
        ...vex,
        ...(status === null
          ? { problem: `unknown status '${raw ?? ''}'` }
          : purl === null
            ? { problem: 'the product has no package URL' }
            : {}),
      });
    }
  });
  return out;
}

const known = <T extends string>(list: readonly T[], value: string | null): T | null =>
  value !== null && (list as readonly string[]).includes(value) ? (value as T) : null;

/** Known responses, each once; none is null (unset). */
function responsesOf(value: unknown): Response[] | null {
  if (!Array.isArray(value)) return null;
  const list = [
    ...new Set(value.map((r) => known(RESPONSES, str(r))).filter((r): r is Response => r !== null)),
  ];
  return list.length > 0 ? list : null;
}

/** The detail an OpenVEX statement gives: its impact or action statement, without Bulwark's fixed wording. */
function openvexDetail(status: string | null, impact: string | null, action: string | null): string | null {
  if (status === 'not_affected') return impact === FALSE_POSITIVE_STATEMENT ? null : impact;
  if (status !== 'affected' || action === null) return null;
  if (!action.startsWith(RISK_ACCEPTED)) return action;
  const rest = action.slice(RISK_ACCEPTED.length).replace(/^: /, '');
  return rest === '' ? null : rest;
}
