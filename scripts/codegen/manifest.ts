/** Reads and checks manifest/tools.yaml, the single source of the tool catalog. */
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { lintToolSchema } from '../../src/mcp/schema-lint.ts';

/** A JSON Schema as the manifest writes it (the subset the generators understand). */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  additionalProperties?: boolean | JsonSchema;
  description?: string;
  default?: unknown;
  [keyword: string]: unknown;
}

export interface ManifestTool {
  name: string;
  title: string;
  description: string;
  scope: 'mcp:read' | 'mcp:write';
  readOnly: boolean;
  inputSchema: JsonSchema;
  outputSchema: JsonSchema;
}

const NAME = /^[a-z][a-z0-9_]{2,63}$/;

const KEYWORDS = new Set([
  'type',
  'properties',
  'required',
  'items',
  'enum',
  'const',
  'additionalProperties',
  'description',
  'default',
  'minimum',
  'maximum',
  'minLength',
  'maxLength',
  'format',
  'title',
]);

/** Catches YAML slips such as an unquoted comma in a flow mapping, which silently invents a keyword. */
function checkKeywords(schema: JsonSchema, where: string): void {
  for (const [key, value] of Object.entries(schema)) {
    if (!KEYWORDS.has(key)) throw new Error(`${where}: unknown JSON Schema keyword '${key}'`);
    if (key === 'properties') {
      for (const [name, sub] of Object.entries(value as Record<string, JsonSchema>))
        checkKeywords(sub, `${where}.${name}`);
    } else if (key === 'items' || (key === 'additionalProperties' && typeof value === 'object')) {
      checkKeywords(value as JsonSchema, `${where}[]`);
    }
  }
}

/** Reads and checks the manifest; aliases are resolved into plain (deep-copied) JSON. */
export function loadManifest(path: string): ManifestTool[] {
  const doc = parse(readFileSync(path, 'utf8'), { maxAliasCount: 1000 }) as {
    version?: number;
    tools?: unknown[];
  };
  if (doc.version !== 1 || !Array.isArray(doc.tools))
    throw new Error(`${path}: expected version 1 and a tools list`);
  const tools = JSON.parse(JSON.stringify(doc.tools)) as ManifestTool[];
  const seen = new Set<string>();
  for (const tool of tools) {
    const where = `${path}: tool '${tool.name}'`;
    if (!NAME.test(tool.name ?? '')) throw new Error(`${where}: name must be snake_case`);
    if (seen.has(tool.name)) throw new Error(`${where}: duplicate name`);
    seen.add(tool.name);
    if (!tool.title || !tool.description) throw new Error(`${where}: title and description are required`);
    if (tool.scope !== 'mcp:read' && tool.scope !== 'mcp:write')
      throw new Error(`${where}: scope must be mcp:read or mcp:write`);
    if (typeof tool.readOnly !== 'boolean') throw new Error(`${where}: readOnly must be true or false`);
    if (tool.readOnly !== (tool.scope === 'mcp:read'))
      throw new Error(`${where}: read-only tools use mcp:read, writing tools mcp:write`);
    for (const key of ['inputSchema', 'outputSchema'] as const) {
      if (tool[key]?.type !== 'object') throw new Error(`${where}: ${key} must be an object schema`);
      checkKeywords(tool[key], `${where} ${key}`);
      // Portable schemas only (docs/mcp-oauth.md): the generator refuses what some client would reject.
      const problems = lintToolSchema(tool[key], `${where} ${key}`);
      if (problems.length > 0) throw new Error(problems.join('; '));
    }
    if (tool.inputSchema.additionalProperties !== false)
      throw new Error(`${where}: inputSchema must set additionalProperties: false`);
  }
  return tools.sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * The output schema sent to clients: the success shape only. Error results carry no structuredContent (their code
 * is in the text and in `_meta`), so the schema needs no error branch and no `anyOf`, which some clients reject
 * (docs/mcp-oauth.md, "Portable schemas").
 */
export function wireOutputSchema(success: JsonSchema): JsonSchema {
  return success;
}

export const camelCase = (name: string): string =>
  name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
export const pascalCase = (name: string): string => camelCase(name).replace(/^./, (c) => c.toUpperCase());
export const snakeCase = (name: string): string => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
