/** Request and response schemas of the OAuth session routes (consent and connected applications). */
import { z } from 'zod';

export const InteractionParams = z.object({ uid: z.string().min(1).max(200) });
export const ConnectionParams = z.object({ id: z.string().min(1).max(200) });

export const Consent = z.object({
  uid: z.string(),
  client: z.object({ id: z.string(), name: z.string().nullable(), metadataDocument: z.boolean() }),
  redirectUri: z.string(),
  redirectHost: z.string(),
  resource: z.string(),
  requestedScopes: z.array(z.string()),
  grantableScopes: z.array(z.string()),
});

export const ConsentAnswer = z.object({
  redirectTo: z
    .string()
    .describe('Where the browser goes next: the authorization server, which returns to the client'),
});

export const Connection = z.object({
  id: z.string().describe('The grant id'),
  clientId: z.string(),
  clientName: z.string().nullable(),
  scopes: z.array(z.string()),
  resource: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});

export const ProtectedResourceMetadata = z.object({
  resource: z.string(),
  authorization_servers: z.array(z.string()),
  scopes_supported: z.array(z.string()),
  bearer_methods_supported: z.array(z.string()),
  resource_name: z.string(),
});
