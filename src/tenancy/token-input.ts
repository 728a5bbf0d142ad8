/** The rules of a new API token's scopes and asset tags (docs/portfolio-access.md for the tags). */
import { validationFailed } from '../errors.ts';
import { isScope, SCOPES } from './plans.ts';

export const ASSET_TAG = /^[a-z0-9][a-z0-9._:-]{0,63}$/;

export function checkScopes(scopes: string[]): void {
  const unknown = scopes.filter((s) => !isScope(s));
  if (unknown.length > 0 || scopes.length === 0) {
    throw validationFailed(
      `Scopes must be a non-empty subset of ${SCOPES.join(', ')} (got '${scopes.join(',')}')`,
    );
  }
}

/** The tags trimmed, lowercased and without repeats; at least one, each a valid tag. */
export function checkAssetTags(tags: string[]): string[] {
  const assetTags = [...new Set(tags.map((t) => t.trim().toLowerCase()))];
  const badTag = assetTags.find((t) => !ASSET_TAG.test(t));
  if (badTag !== undefined)
    throw validationFailed(`Asset tag '${badTag}' must be lowercase letters, digits, '.', '_', ':' or '-'`, [
      { path: 'assetTags', message: `'${badTag}' is not a tag` },
    ]);
  if (assetTags.length === 0)
    throw validationFailed('assetTags must name at least one tag (leave it out for no restriction)', [
      { path: 'assetTags', message: 'empty' },
    ]);
  return assetTags;
}
