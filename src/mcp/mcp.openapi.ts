// What the OpenAPI document cannot learn from the tool server's route: its JSON-RPC body, which the route
// parses itself (the route's `x-operation`, src/http/openapi.ts).

/** `POST /mcp`: one JSON-RPC 2.0 message (or a batch, which the schema does not spell out). */
export const MCP_BODY = {
  required: true,
  content: {
    'application/json': {
      schema: {
        type: 'object',
        description: 'A JSON-RPC 2.0 message, e.g. {"jsonrpc":"2.0","id":1,"method":"tools/list"}.',
        required: ['jsonrpc'],
        properties: {
          jsonrpc: { const: '2.0' },
          id: {},
          method: { type: 'string' },
          params: { type: 'object' },
        },
      },
    },
  },
};
