/**
 * The retention flags of `bulwark org update` and `bulwark asset update` (docs/portfolio.md): each one given
 * changes that setting and keeps the others; `--no-retention` clears them all.
 */
import { Retention } from '../portfolio/asset.schemas.ts';
import { UsageError } from './cli-kit.ts';

export const RETENTION_OPTIONS = {
  'keep-versions': { type: 'string' },
  'max-age-days': { type: 'string' },
  'inactive-after-days': { type: 'string' },
  retention: { type: 'boolean' },
} as const;

export const RETENTION_USAGE =
  '[--keep-versions N] [--max-age-days D] [--inactive-after-days D] [--no-retention]';

const FLAGS = [
  ['keep-versions', 'keepVersions'],
  ['max-age-days', 'maxAgeDays'],
  ['inactive-after-days', 'inactiveAfterDays'],
] as const;

/** The new settings (over `current`), null to clear, undefined when no retention flag was given. */
export function retentionFromFlags(
  values: Partial<Record<(typeof FLAGS)[number][0], string>> & { retention?: boolean },
  current: Retention | null,
): Retention | null | undefined {
  if (values.retention === false) {
    if (FLAGS.some(([flag]) => values[flag] !== undefined))
      throw new UsageError('--no-retention cannot be combined with other retention flags');
    return null;
  }
  if (values.retention === true)
    throw new UsageError('use --no-retention to clear, or the retention flags to set');
  const given = FLAGS.filter(([flag]) => values[flag] !== undefined);
  if (given.length === 0) return undefined;
  const next: Record<string, number> = { ...current };
  for (const [flag, key] of given) {
    const text = values[flag]!;
    if (!/^\d+$/.test(text)) throw new UsageError(`--${flag} must be a whole number, not '${text}'`);
    next[key] = Number(text);
  }
  const parsed = Retention.safeParse(next);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const flag = FLAGS.find(([, key]) => key === issue.path[0])?.[0] ?? 'retention';
    throw new UsageError(`--${flag}: ${issue.message}`);
  }
  return parsed.data;
}

/** `keep 5 versions, 90 days, inactive after 30 days`, or `none`. */
export function describeRetention(retention: Retention | null): string {
  if (!retention || Object.keys(retention).length === 0) return 'none';
  return [
    retention.keepVersions !== undefined ? `keep ${retention.keepVersions} versions` : '',
    retention.maxAgeDays !== undefined ? `delete versions older than ${retention.maxAgeDays} days` : '',
    retention.inactiveAfterDays !== undefined ? `inactive after ${retention.inactiveAfterDays} days` : '',
  ]
    .filter(Boolean)
    .join(', ');
}
