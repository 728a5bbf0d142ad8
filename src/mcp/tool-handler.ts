/** The contract between the tool server and the tool implementations (an edge: translate, call a service). */
import type { Services } from '../services.ts';
import type { Principal } from '../tenancy/principal.ts';
import type { ToolName } from './generated/tool-catalog.ts';
import type { ToolArgs, ToolResult } from './generated/tool-types.ts';

/** The services a tool may call; no tool gets a database handle. */
export type ToolServices = Pick<
  Services,
  | 'organisations'
  | 'users'
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
 * PERSON_NAME_KEYS of src/mcp/masking.ts). Without type arguments: any tool's handler as the tool server
 * dispatches it by name.
 */
export type ToolHandler<Args = Record<string, unknown>, Result = Record<string, unknown>> = (
  ctx: ToolContext,
  args: Args,
) => Promise<Result>;

/**
 * Handlers for the tools `Name`, each typed by its own tool's generated Args and Result (from the manifest): a
 * handler reading an argument its tool does not declare, or returning a result its output schema forbids, does
 * not compile.
 */
export type ToolHandlers<Name extends ToolName = ToolName> = {
  [K in Name]: ToolHandler<ToolArgs[K], ToolResult[K]>;
};
