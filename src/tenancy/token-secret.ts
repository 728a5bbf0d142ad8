/** API token secrets: generation, hashing, constant-time comparison. */
import { hash, randomBytes, timingSafeEqual } from 'node:crypto';

/** API token secrets: `bwk_` + 40 base62 characters (~238 bits). Only their SHA-256 is stored. */
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const SECRET_LENGTH = 40;
export const TOKEN_PATTERN = /^bwk_[0-9A-Za-z]{32,128}$/;

export function generateTokenSecret(): string {
  let out = 'bwk_';
  // Rejection sampling keeps every character uniformly likely (248 = 4 × 62).
  while (out.length < 4 + SECRET_LENGTH) {
    for (const byte of randomBytes(64)) {
      if (byte < 248 && out.length < 4 + SECRET_LENGTH) out += BASE62[byte % 62];
    }
  }
  return out;
}

/** A fast hash is right for a high-entropy secret: no dictionary to slow down, lookups stay one index probe. */
export const hashTokenSecret = (secret: string): string => hash('sha256', secret, 'hex');

export function hashesEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}
