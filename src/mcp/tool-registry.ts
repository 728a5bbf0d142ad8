/** Indexes the tool implementations by tool name for the tool server, which dispatches by the name it is sent. */
import { TOOL_NAMES } from './generated/tool-catalog.ts';
import type { ToolHandler, ToolHandlers } from './tool-handler.ts';

/**
 * One handler per catalog tool, from the implementations the composition root (src/app.ts) gathers (their type
 * already says every tool has one). `overrides` replace implementations by name (tests); one naming no catalog
 * tool fails at start-up.
 */
export function toolRegistry(
  implementations: ToolHandlers,
  overrides: Record<string, ToolHandler> = {},
): Map<string, ToolHandler> {
  const handlers = new Map<string, ToolHandler>();
  for (const name of TOOL_NAMES) {
    // The one place a handler's own Args type is forgotten: the tool server calls it only with arguments
    // validated against this tool's input schema, the schema its ToolArgs entry is generated from.
    handlers.set(name, overrides[name] ?? (implementations[name] as ToolHandler));
  }
  for (const name of Object.keys(overrides))
    if (!handlers.has(name)) throw new Error(`Handler '${name}' names no tool of the catalog`);
  return handlers;
}
