/** Request and response schemas of the session endpoints. */
import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '../tenancy/password.ts';
import { ROLES } from '../tenancy/roles.ts';

export const SignInBody = z
  .object({
    email: z.string().trim().min(1).max(320),
    // No minimum here: a too-short password is simply a wrong one (401), never a hint about the rules.
    password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
    org: z.string().min(1).max(64).optional(),
    // The second factor (docs/identity.md): a TOTP code or one of the recovery codes.
    code: z
      .string()
      .regex(/^\d{6}$/, 'six digits')
      .optional(),
    recoveryCode: z.string().min(1).max(64).optional(),
  })
  .strict();

export const SessionView = z.object({
  user: z.object({ id: z.string(), email: z.string(), name: z.string().nullable(), role: z.enum(ROLES) }),
  org: z.object({ id: z.string(), slug: z.string(), name: z.string(), plan: z.string() }),
  csrfToken: z.string(),
  mfaEnrolmentRequired: z.boolean().optional(),
});
