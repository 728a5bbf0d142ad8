/** Request and response schemas of the SSO endpoints (docs/identity.md). */
import { z } from 'zod';
import { ROLES } from '../../tenancy/roles.ts';

const Role = z.enum(ROLES);

export const PutSsoBody = z
  .object({
    issuer: z.string().url().max(500),
    clientId: z.string().min(1).max(500),
    // Write-only: required the first time, kept when left out later.
    clientSecret: z.string().min(1).max(2000).optional(),
    scopes: z
      .array(z.string().regex(/^[\x21\x23-\x5b\x5d-\x7e]+$/, 'a scope token'))
      .max(20)
      .optional(),
    groupsClaim: z.string().min(1).max(200).optional(),
    roleMapping: z.record(z.string().min(1).max(500), Role).optional(),
    defaultRole: Role.nullable().optional(),
    enforced: z.boolean().optional(),
  })
  .strict()
  .refine((b) => Object.keys(b.roleMapping ?? {}).length <= 500, {
    message: 'at most 500 groups',
    path: ['roleMapping'],
  });

export const SsoConfigView = z.object({
  issuer: z.string(),
  clientId: z.string(),
  clientSecretSet: z.literal(true),
  scopes: z.array(z.string()),
  groupsClaim: z.string(),
  roleMapping: z.record(z.string(), Role),
  defaultRole: Role.nullable(),
  enforced: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const SsoTestBody = z.object({ claims: z.record(z.string(), z.unknown()).optional() }).strict();

export const SsoTestResult = z.object({
  discovery: z.object({
    issuer: z.string(),
    authorizationEndpoint: z.string(),
    tokenEndpoint: z.string(),
  }),
  /** Open it to sign in at the provider without signing in here: the callback shows the claims and role. */
  authorizationUrl: z.string(),
  evaluation: z
    .object({
      email: z.string().nullable(),
      name: z.string().nullable(),
      groups: z.array(z.string()),
      role: Role.nullable(),
      refusal: z.string().nullable(),
    })
    .optional(),
});

export const SsoBeginQuery = z
  .object({ org: z.string().min(1).max(64), redirect: z.string().max(2000).optional() })
  .strict();

export const SsoCallbackQuery = z
  .object({
    code: z.string().max(4096).optional(),
    state: z.string().max(512).optional(),
    error: z.string().max(200).optional(),
    error_description: z.string().max(2000).optional(),
    iss: z.string().max(500).optional(),
    session_state: z.string().max(500).optional(),
  })
  .strict();
