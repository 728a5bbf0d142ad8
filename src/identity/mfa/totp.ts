/** TOTP per RFC 6238 (SHA-1, 30 s, 6 digits) through the otpauth library, and recovery codes. */
import { createHash, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

export const TOTP_PERIOD = 30;
/** One step either side: a phone clock up to 30 s off still works (RFC 6238 section 5.2). */
const WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;

const totpOf = (secret: string, label = 'Bulwark') =>
  new TOTP({
    issuer: 'Bulwark',
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD,
    secret: Secret.fromBase32(secret),
  });

/** A new 160-bit secret (RFC 4226's recommended length), base32. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

export const otpauthUri = (secret: string, email: string): string => totpOf(secret, email).toString();

/** The code's time step when it is valid at `nowMs` (within one step), else undefined. */
export function totpStep(secret: string, code: string, nowMs: number): number | undefined {
  const delta = totpOf(secret).validate({ token: code, timestamp: nowMs, window: WINDOW });
  if (delta === null) return undefined;
  return TOTP.counter({ period: TOTP_PERIOD, timestamp: nowMs }) + delta;
}

/** The current code (tests, and the console's preview never: only for tests and benchmarks). */
export const totpCode = (secret: string, nowMs = Date.now()): string =>
  totpOf(secret).generate({ timestamp: nowMs });

/** Ten codes of 10 base32 characters (50 bits each) shown as `xxxxx-xxxxx`. */
export function newRecoveryCodes(): string[] {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = randomBytes(10);
    const chars = [...bytes].map((b) => alphabet[b % alphabet.length]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** Case and dashes do not matter when a person types a code back. */
export const hashRecoveryCode = (code: string): string =>
  createHash('sha256').update(code.trim().toLowerCase().replaceAll('-', '')).digest('hex');
