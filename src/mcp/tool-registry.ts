import { builtinToolHandlers } from './builtin-tools.ts';
import { TOOL_CATALOG } from './generated/tool-catalog.ts';
import { governanceFallbackHandlers } from './governance-fallback.ts';
import type { ToolHandler } from './tool-handler.ts';
import { governanceToolHandlers } from '../governance/governance.tools.ts';

/**
 * One handler per catalog tool: the governance domain's where it has one, the honest fallback otherwise, and
 * the built-in ones (risks, audit, suppliers). Fails at start-up when a catalog tool has no handler.
 */
export function toolHandlers(overrides: Record<string, ToolHandler> = {}): Map<string, ToolHandler> {
  const merged: Record<string, ToolHandler> = {
    ...governanceFallbackHandlers,
    ...governanceToolHandlers,
    ...builtinToolHandlers(),
    ...overrides,
  };
  const handlers = new Map<string, ToolHandler>();
  for (const tool of TOOL_CATALOG) {
    const handler = merged[tool.name];
    if (!handler) throw new Error(`No handler for tool '${tool.name}'`);
    handlers.set(tool.name, handler);
  }
  return handlers;
}
