/** Timestamps are stored as ISO 8601 UTC text (`…Z`) on both dialects: they sort and compare as strings. */
export const nowIso = (): string => new Date().toISOString();

export const addMs = (iso: string, ms: number): string => new Date(Date.parse(iso) + ms).toISOString();

const UNITS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };

/** Parses durations such as `30d`, `12h`, `90m` into milliseconds; undefined when malformed. */
export function parseDuration(text: string): number | undefined {
  const match = /^(\d+)\s*([smhdw])$/.exec(text.trim());
  if (!match) return undefined;
  const value = Number(match[1]);
  return value > 0 ? value * UNITS[match[2]!]! : undefined;
}
