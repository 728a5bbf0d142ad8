/** The portability rules every tool schema follows, so that every major MCP client accepts the catalog. */

/** Keywords some clients (hosted assistants, the Inspector) reject or mishandle; never used in a tool schema. */
const FORBIDDEN_KEYWORDS = [
  '$ref',
  '$defs',
  'definitions',
  'oneOf',
  'anyOf',
  'allOf',
  'not',
  'if',
  'then',
  'else',
];

/**
 * The problems of one tool schema, each naming its path (empty: portable). Rules (docs/mcp-oauth.md, "Portable
 * schemas"): an object at the root; `type` one string, never an array (`["string","null"]`); no `$ref` or
 * combinators; no boolean schemas under `properties` or `items` (`additionalProperties: true|false` is the one
 * boolean everyone accepts); no `null` in an `enum` (a value that may be absent is left out, not null); the root
 * names its `properties`, `{}` for a tool without arguments.
 */
export function lintToolSchema(schema: unknown, where: string): string[] {
  const problems: string[] = [];
  if (!isSchemaObject(schema) || schema.type !== 'object')
    problems.push(`${where}: the root must be an object schema`);
  else if (!isSchemaObject(schema.properties))
    problems.push(`${where}: the root names no properties (write properties: {} for a tool without any)`);
  walk(schema, where, problems);
  return problems;
}

function isSchemaObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function walk(schema: unknown, where: string, problems: string[]): void {
  if (!isSchemaObject(schema)) {
    problems.push(`${where}: a boolean (or non-object) schema`);
    return;
  }
  for (const keyword of FORBIDDEN_KEYWORDS) if (keyword in schema) problems.push(`${where}: uses ${keyword}`);
  if (Array.isArray(schema.type))
    problems.push(`${where}: type is an array (${JSON.stringify(schema.type)})`);
  else if (typeof schema.type !== 'string') problems.push(`${where}: has no type`);
  if (schema.type === 'null') problems.push(`${where}: type null`);
  if (Array.isArray(schema.enum) && schema.enum.includes(null)) problems.push(`${where}: enum admits null`);
  if (isSchemaObject(schema.properties))
    for (const [name, sub] of Object.entries(schema.properties)) walk(sub, `${where}.${name}`, problems);
  if ('items' in schema) walk(schema.items, `${where}[]`, problems);
  if (isSchemaObject(schema.additionalProperties)) walk(schema.additionalProperties, `${where}{}`, problems);
}
