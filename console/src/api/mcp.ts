// Calls one tool of the organisation's MCP tool server (POST /api/v1/mcp, JSON-RPC, stateless) with the
// session: the audit trail has no REST endpoint, its paged search is the tool audit_trail_search.
import { ApiError, rpc } from './http.ts';

interface ToolAnswer<T> {
  result?: { structuredContent?: T; isError?: boolean };
  error?: { code: number; message: string };
}

export async function callTool<T>(name: string, args: Record<string, unknown>): Promise<T> {
  const answer = await rpc<ToolAnswer<T>>('/mcp', {
    jsonrpc: '2.0',
    id: 1,
    method: 'tools/call',
    params: { name, arguments: args },
  });
  const result = answer.result;
  if (!result || result.isError || !result.structuredContent) {
    const failure = (result?.structuredContent as { error?: { code: string; message: string } } | undefined)
      ?.error;
    throw new ApiError(
      400,
      failure ?? { code: 'INTERNAL_ERROR', message: answer.error?.message ?? `${name} failed` },
    );
  }
  return result.structuredContent;
}
