import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import type { Services } from '../services.ts';
import type { Principal } from '../tenancy/tenancy.service.ts';

/** What a tool implementation receives: the caller (already scope-checked) and the domain services. */
export interface ToolContext {
  db: Kysely<Database>;
  principal: Principal;
  services: Services;
}

/**
 * A tool's implementation: validated arguments in, a plain result object out. The tool server masks every
 * result in one place, so implementations return real values (person names only under the keys listed in
 * PERSON_NAME_KEYS of src/mcp/masking.ts).
 */
export type ToolHandler = (
  ctx: ToolContext,
  args: Record<string, unknown>,
) => Promise<Record<string, unknown>>;
