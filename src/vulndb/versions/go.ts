/**
 * Go module versions: SemVer with an optional `v` (the Go toolchain requires it, OSV records omit it).
 *
 * - Pseudo-versions (`v0.0.0-20191109021931-daa7c04131f5`, `v1.2.4-0.20191109021931-daa7c04131f5`,
 *   `v1.2.3-pre.0.20191109021931-…`) need no special case: they are prereleases whose fixed-width UTC
 *   timestamp makes SemVer's ASCII comparison chronological, and they sort below the release they precede.
 * - `+incompatible` is build metadata and, as in `golang.org/x/mod/semver`, does not affect order.
 * - `v1` and `v1.2` are Go's shorthands for `v1.0.0` and `v1.2.0`.
 * Strings Go rejects are ordered by the lenient SemVer parser (see semver.ts) rather than all being equal.
 */
import { compareSemver, parseSemver } from './semver.ts';
import { makeOrdering } from './shared.ts';

/** Go's `semver.IsValid` (shorthands carry no prerelease or build), except that the `v` is optional. */
const GO_SEMVER =
  /^v?(0|[1-9]\d*)(\.(0|[1-9]\d*)(\.(0|[1-9]\d*)(-(0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(\.(0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*)?(\+[0-9a-zA-Z-]+(\.[0-9a-zA-Z-]+)*)?)?)?$/;

export const isValid = (version: string): boolean => GO_SEMVER.test(version);

/** `vX.Y.Z-[pre.]0.yyyymmddhhmmss-abcdefabcdef` or `vX.0.0-yyyymmddhhmmss-abcdefabcdef`. */
const PSEUDO = /-(?:(?:.*\.)?0\.)?\d{14}-[0-9a-f]{12}(?:\+incompatible)?$/;

export const isPseudoVersion = (version: string): boolean => isValid(version) && PSEUDO.test(version);

export const goOrdering = makeOrdering(parseSemver, compareSemver, isValid);

export const parse = parseSemver;
export const compareParsed = compareSemver;
export const compare = goOrdering.compare;
