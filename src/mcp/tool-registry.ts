/** Checks a set of tool implementations against the generated catalog and indexes them by tool name. */
import { TOOL_CATALOG } from './generated/tool-catalog.ts';
import type { ToolHandler } from './tool-handler.ts';

/**
 * One handler per catalog tool, from the implementations the composition root (src/app.ts) gathers. Fails at
 * start-up when a catalog tool has no handler or a handler names no catalog tool.
 */
export function toolRegistry(implementations: Record<string, ToolHandler>): Map<string, ToolHandler> {
  const handlers = new Map<string, ToolHandler>();
  for (const tool of TOOL_CATALOG) {
    const handler = implementations[tool.name];
    if (!handler) throw new Error(`No handler for tool '${tool.name}'`);
    handlers.set(tool.name, handler);
  }
  for (const name of Object.keys(implementations))
    if (!handlers.has(name)) throw new Error(`Handler '${name}' names no tool of the catalog`);
  return handlers;
}
