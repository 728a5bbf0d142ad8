/** Generates the TypeScript tool catalog and client library from the tool manifest. */
import { camelCase, pascalCase, type JsonSchema, type ManifestTool } from './manifest.ts';
import { readFileSync } from 'node:fs';

const IDENT = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** A TypeScript type for a JSON Schema (the subset the manifest uses). */
export function tsType(schema: JsonSchema, indent = ''): string {
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
  const types = Array.isArray(schema.type) ? schema.type : [schema.type ?? 'unknown'];
  return types.map((t) => singleType(t, schema, indent)).join(' | ');
}

function singleType(type: string, schema: JsonSchema, indent: string): string {
  switch (type) {
    case 'string':
      return 'string';
    case 'integer':
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'null':
      return 'null';
    case 'array':
      return `Array<${schema.items ? tsType(schema.items, indent) : 'unknown'}>`;
    case 'object':
      return objectType(schema, indent);
    default:
      return 'unknown';
  }
}

function objectType(schema: JsonSchema, indent: string): string {
  const inner = `${indent}  `;
  const required = new Set(schema.required ?? []);
  const lines: string[] = [];
  for (const [key, value] of Object.entries(schema.properties ?? {})) {
    const name = IDENT.test(key) ? key : JSON.stringify(key);
    const doc = value.description ? `${inner}/** ${value.description.replaceAll('*/', '*\\/')} */\n` : '';
    lines.push(`${doc}${inner}${name}${required.has(key) ? '' : '?'}: ${tsType(value, inner)};`);
  }
  if (schema.additionalProperties !== false) lines.push(`${inner}[key: string]: unknown;`);
  return lines.length === 0 ? 'Record<string, never>' : `{\n${lines.join('\n')}\n${indent}}`;
}

const HEADER = (what: string) =>
  `// Generated from manifest/tools.yaml by scripts/generate.ts (npm run generate): do not edit.\n// ${what}\n`;

/** The server's tool table: every tool with its wire schemas. */
export function toolCatalogTs(tools: ManifestTool[], wire: (t: ManifestTool) => object): string {
  const entries = tools.map((t) => JSON.stringify({ ...wire(t) }, null, 2)).join(',\n');
  return `${HEADER('The tool server registers exactly these tools (src/mcp/tool-server.ts).')}
export interface ToolDefinition {
  name: string;
  title: string;
  description: string;
  scope: 'mcp:read' | 'mcp:write';
  readOnly: boolean;
  inputSchema: Record<string, unknown>;
  /** What clients see: the success shape (error results carry no structuredContent). */
  outputSchema: Record<string, unknown>;
}

export const TOOL_NAMES = ${JSON.stringify(tools.map((t) => t.name))} as const;
export type ToolName = (typeof TOOL_NAMES)[number];

export const TOOL_CATALOG: readonly ToolDefinition[] = [
${entries}
];
`;
}

/** The TypeScript client: REST methods (fixed) and one typed method per tool. */
export function typescriptClient(tools: ManifestTool[]): string {
  const types = tools
    .map((t) => {
      const base = pascalCase(t.name);
      return `/** Arguments of ${t.name}. */\nexport type ${base}Args = ${tsType(t.inputSchema)};\n/** Result of ${t.name}. */\nexport type ${base}Result = ${tsType(t.outputSchema)};`;
    })
    .join('\n\n');
  const methods = tools
    .map((t) => {
      const base = pascalCase(t.name);
      const optional = (t.inputSchema.required ?? []).length === 0;
      const doc = `  /** ${t.title} (${t.scope}). ${t.description.replaceAll('*/', '*\\/')} */`;
      return `${doc}\n  ${camelCase(t.name)}(args${optional ? '?' : ''}: ${base}Args): Promise<${base}Result> {\n    return this.callTool<${base}Result>('${t.name}', args ?? {});\n  }`;
    })
    .join('\n\n');
  return `${HEADER('A small fetch-based client for the Bulwark REST API and tool server (Node 22+, browsers).')}
${readFileSync(new URL('./rest-client.template.ts', import.meta.url), 'utf8').split('// --- template ---\n')[1]}

${types}

/** Every REST endpoint and every tool of the tool server as a typed method. */
export class BulwarkClient extends BulwarkRestClient {
${methods}
}
`;
}
