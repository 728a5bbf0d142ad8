/** Prefixed, time-ordered ids for every entity. */
import { randomBytes } from 'node:crypto';

/**
 * Prefixed, time-ordered ids (`sbom_01j…`): 10 characters of millisecond time then 16 random, Crockford base32,
 * so ids sort by creation time and "newest first" has a stable tie-break.
 */
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

export const ID_PREFIXES = [
  'org',
  'usr',
  'tok',
  'ses',
  'aud',
  'sbom',
  'cmp',
  'fnd',
  'fnh',
  'vnd',
  'risk',
  'iso',
  'idn',
  'sys',
  'acc',
  'ent',
  'grt',
  'sod',
  'sox',
  'uac',
  'uai',
  'ctl',
  'soa',
  'evd',
  'mat',
  'sas',
  'adv',
  'evt',
  'whk',
  'whd',
  'wha',
  'obx',
  'evr',
  'pol',
  'lgr',
  'pvl',
  'pvh',
  'trl',
  // identity/scim
  'scg',
  // portfolio: assets, teams, team grants
  'ast',
  'team',
  'tgr',
] as const;
export type IdPrefix = (typeof ID_PREFIXES)[number];

/** Random bytes are drawn from a pool refilled 4 KiB at a time: one randomBytes call per id cost ~20 µs. */
let pool: Uint8Array = new Uint8Array(0);
let poolOffset = 0;
function random16(): Uint8Array {
  if (poolOffset + 16 > pool.length) {
    pool = randomBytes(4096);
    poolOffset = 0;
  }
  poolOffset += 16;
  return pool.subarray(poolOffset - 16, poolOffset);
}

let lastTime = 0;
let lastTimeText = '';
/** The random part of the last id, as alphabet indexes; ours alone, so the same millisecond increments it in place. */
const lastRandom = new Uint8Array(16);
const ALPHABET_CODES = Array.from(ALPHABET, (c) => c.charCodeAt(0));
const tailCodes = new Array<number>(16).fill(0);

export function newId(prefix: IdPrefix, now = Date.now()): string {
  if (now === lastTime) {
    // Same millisecond: increment the previous random part so ids stay strictly ordered within the process.
    for (let i = lastRandom.length - 1; i >= 0; i--) {
      lastRandom[i] = (lastRandom[i]! + 1) % 32;
      if (lastRandom[i] !== 0) break;
    }
  } else {
    const random = random16();
    for (let i = 0; i < 16; i++) lastRandom[i] = random[i]! % 32;
    lastTime = now;
    lastTimeText = '';
    let t = now;
    for (let i = 0; i < 10; i++) {
      lastTimeText = ALPHABET[t % 32] + lastTimeText;
      t = Math.floor(t / 32);
    }
  }
  // One string of 16 character codes: appending 16 one-character strings made 16 strings per id.
  for (let i = 0; i < 16; i++) tailCodes[i] = ALPHABET_CODES[lastRandom[i]!]!;
  return `${prefix}_${lastTimeText}${String.fromCharCode.apply(null, tailCodes)}`;
}

/** True when `id` has the exact shape `newId(prefix)` makes: the prefix, `_`, 26 characters of the alphabet. */
export function isIdOf(id: string, prefix: IdPrefix): boolean {
  return new RegExp(`^${prefix}_[${ALPHABET}]{26}$`).test(id);
}

export function hasPrefix(id: string, prefix: IdPrefix): boolean {
  return id.startsWith(`${prefix}_`) && id.length > prefix.length + 1;
}
