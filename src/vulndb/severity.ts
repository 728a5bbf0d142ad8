/** A vulnerability's severity from CVSS scores and advisory labels. */
import cvss from 'ae-cvss-calculator';
import type { OsvSeverity } from './osv.ts';

/**
 * Severity of a vulnerability (docs/contract.md, Findings): the highest CVSS base score found on the advisory or its aliases
 * (v4, v3.x, v2; ≥9 CRITICAL, ≥7 HIGH, ≥4 MEDIUM, else LOW), else the highest qualitative label an advisory
 * gives (GHSA MODERATE → MEDIUM), else the configured default with source `default`. Pure.
 */

export const SEVERITIES = ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW'] as const;
export type SeverityLevel = (typeof SEVERITIES)[number];
export const SEVERITY_SOURCES = ['cvss_v4', 'cvss_v3', 'cvss_v2', 'advisory', 'default'] as const;
export type SeveritySource = (typeof SEVERITY_SOURCES)[number];

export interface CvssScore {
  source: 'cvss_v4' | 'cvss_v3' | 'cvss_v2';
  score: number;
  vector: string;
}

export interface Severity {
  severity: SeverityLevel;
  source: SeveritySource;
  cvssScore: number | null;
  cvssVector: string | null;
}

const { Cvss2, Cvss3P0, Cvss3P1, Cvss4P0 } = cvss;

/** Base score of one vector, or null when the calculator cannot score it (incomplete or malformed). */
export function cvssBaseScore(type: string, vector: string): CvssScore | null {
  try {
    let source: CvssScore['source'];
    let score: number | undefined;
    if (type === 'CVSS_V4' && vector.startsWith('CVSS:4.0/')) {
      source = 'cvss_v4';
      score = new Cvss4P0(vector).calculateScores().base;
    } else if (type === 'CVSS_V3' && /^CVSS:3\.[01]\//.test(vector)) {
      source = 'cvss_v3';
      const calculator = vector.startsWith('CVSS:3.1/') ? new Cvss3P1(vector) : new Cvss3P0(vector);
      score = calculator.calculateScores().base;
    } else if (type === 'CVSS_V2') {
      source = 'cvss_v2';
      score = new Cvss2(vector).calculateScores().base;
    } else {
      return null;
    }
    return typeof score === 'number' && Number.isFinite(score) ? { source, score, vector } : null;
  } catch {
    return null;
  }
}

export const levelOfScore = (score: number): SeverityLevel =>
  score >= 9 ? 'CRITICAL' : score >= 7 ? 'HIGH' : score >= 4 ? 'MEDIUM' : 'LOW';

const LABELS: Record<string, SeverityLevel> = {
  CRITICAL: 'CRITICAL',
  HIGH: 'HIGH',
  MODERATE: 'MEDIUM',
  MEDIUM: 'MEDIUM',
  LOW: 'LOW',
  NEGLIGIBLE: 'LOW',
};

/** GHSA/Ubuntu style labels → our four levels; unknown labels → null. */
export const levelOfLabel = (label: string | null | undefined): SeverityLevel | null =>
  label ? (LABELS[label.trim().toUpperCase()] ?? null) : null;

const rank = (level: SeverityLevel): number => SEVERITIES.length - SEVERITIES.indexOf(level);

const VERSION_ORDER = { cvss_v4: 3, cvss_v3: 2, cvss_v2: 1 } as const;

/** The strongest CVSS score among OSV severity entries (ties: v4 over v3 over v2, as listed). */
export function bestCvss(entries: readonly OsvSeverity[]): CvssScore | null {
  let best: CvssScore | null = null;
  for (const entry of entries) {
    const scored = cvssBaseScore(entry.type, entry.score);
    if (
      scored &&
      (!best ||
        scored.score > best.score ||
        (scored.score === best.score && VERSION_ORDER[scored.source] > VERSION_ORDER[best.source]))
    ) {
      best = scored;
    }
  }
  return best;
}

/** The highest qualitative level among labels (OSV `Ubuntu` entries and `database_specific.severity`). */
export function bestLabel(
  entries: readonly OsvSeverity[],
  labels: readonly (string | null)[],
): SeverityLevel | null {
  const levels = [...entries.filter((e) => e.type === 'Ubuntu').map((e) => e.score), ...labels]
    .map(levelOfLabel)
    .filter((l): l is SeverityLevel => l !== null);
  return levels.length ? levels.reduce((a, b) => (rank(b) > rank(a) ? b : a)) : null;
}

/** What one advisory says about severity, computed once at import. */
export interface AdvisorySeverity {
  cvss: CvssScore | null;
  label: SeverityLevel | null;
}

/** Combines the advisories of one vulnerability (the advisory and its aliases); scores were computed at import. */
export function combineSeverity(
  parts: readonly AdvisorySeverity[],
  fallback: SeverityLevel = 'MEDIUM',
): Severity {
  let best: CvssScore | null = null;
  for (const { cvss } of parts) {
    if (
      cvss &&
      (!best ||
        cvss.score > best.score ||
        (cvss.score === best.score && VERSION_ORDER[cvss.source] > VERSION_ORDER[best.source]))
    )
      best = cvss;
  }
  if (best)
    return {
      severity: levelOfScore(best.score),
      source: best.source,
      cvssScore: best.score,
      cvssVector: best.vector,
    };
  const label = bestLabel(
    [],
    parts.map((p) => p.label),
  );
  if (label) return { severity: label, source: 'advisory', cvssScore: null, cvssVector: null };
  return { severity: fallback, source: 'default', cvssScore: null, cvssVector: null };
}
