/** The contract between the tool server and the tool implementations (an edge: translate, call a service). */
import type { Services } from '../services.ts';
import type { Principal } from '../tenancy/tenancy.service.ts';

/** The services a tool may call; no tool gets a database handle. */
export type ToolServices = Pick<
  Services,
  | 'tenancy'
  | 'audit'
  | 'vendors'
  | 'risks'
  | 'governance'
  | 'findings'
  | 'sboms'
  | 'pipeline'
  | 'policies'
  | 'remediation'
  | 'portfolio'
>;

/** What a tool implementation receives: the caller (already scope-checked) and the named domain services. */
export interface ToolContext extends ToolServices {
  principal: Principal;
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
