/** The `{data, error, meta}` envelope of every REST answer. */
import { z } from 'zod';
import type { ErrorCode, ErrorDetail } from '../errors.ts';

/** Every REST response: `{ data, error, meta }`. Lists carry a bare array in data and are not paginated. */
export interface Envelope<T> {
  data: T | null;
  error: { code: ErrorCode; message: string; details?: ErrorDetail[] } | null;
  meta: Record<string, unknown> | null;
}

export const ok = <T>(data: T): { data: T; error: null; meta: null } => ({ data, error: null, meta: null });

export const failure = (code: ErrorCode, message: string, details?: ErrorDetail[]): Envelope<never> => ({
  data: null,
  error: details ? { code, message, details } : { code, message },
  meta: null,
});

/** Response schema helpers for the OpenAPI document. */
export const envelopeOf = <T extends z.ZodType>(data: T) =>
  z.object({ data, error: z.null(), meta: z.null() });

export const ErrorEnvelope = z.object({
  data: z.null(),
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  }),
  meta: z.null(),
});
