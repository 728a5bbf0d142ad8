/** Retention settings: parsing the stored JSON and combining an asset's with its organisation's. */
import { fromJson } from '../db/helpers.ts';
import type { Retention } from './asset.schemas.ts';

export const retentionOf = (text: string | null): Retention | null => fromJson<Retention | null>(text, null);

/** The asset's fields over the organisation's, one by one: an asset may set only `keepVersions`. */
export function effectiveRetention(org: Retention | null, asset: Retention | null): Retention {
  const merged: Retention = { ...org, ...asset };
  return Object.fromEntries(Object.entries(merged).filter(([, v]) => v !== undefined)) as Retention;
}

/** `{}` and null both mean "no retention": stored as null. */
export const retentionText = (retention: Retention | null | undefined): string | null =>
  retention && Object.keys(retention).length > 0 ? JSON.stringify(retention) : null;
