/**
 * TypeScript types for the tools' arguments and results, from the manifest's JSON Schemas. One schema reads two
 * ways, because the tool server sits between the client and the handler:
 * - `client`: what a caller may send and what it receives. A property with a `default` may be left out; a result
 *   is the wire shape, where a value that may be absent is left out, never null.
 * - `handler`: what a handler receives and may return. The tool server validates the arguments with
 *   `z.fromJSONSchema`, which fills in every `default`, so such a property is always present; it drops null values
 *   from results (`withoutNulls` in src/mcp/tool-server.ts), so an optional result property may also be null.
 */
import { pascalCase, type JsonSchema, type ManifestTool } from './manifest.ts';

export type Reading = 'client' | 'handler';

const IDENT = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** A TypeScript type for a JSON Schema (the subset the manifest allows: no type arrays, no combinators). */
function tsType(schema: JsonSchema, reading: Reading, direction: 'args' | 'result', indent = ''): string {
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
  switch (schema.type) {
    case 'string':
      return 'string';
    case 'integer':
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'array':
      return `Array<${schema.items ? tsType(schema.items, reading, direction, indent) : 'unknown'}>`;
    case 'object':
      return objectType(schema, reading, direction, indent);
    default:
      return 'unknown';
  }
}

function objectType(
  schema: JsonSchema,
  reading: Reading,
  direction: 'args' | 'result',
  indent: string,
): string {
  const inner = `${indent}  `;
  const required = new Set(schema.required ?? []);
  const lines: string[] = [];
  for (const [key, value] of Object.entries(schema.properties ?? {})) {
    const name = IDENT.test(key) ? key : JSON.stringify(key);
    const present =
      required.has(key) || (reading === 'handler' && direction === 'args' && 'default' in value);
    const nullable = !present && reading === 'handler' && direction === 'result' ? ' | null' : '';
    lines.push(
      `${docComment(value, inner)}${inner}${name}${present ? '' : '?'}: ${tsType(value, reading, direction, inner)}${nullable};`,
    );
  }
  const extra = schema.additionalProperties;
  if (typeof extra === 'object') {
    lines.push(`${inner}[key: string]: ${tsType(extra, reading, direction, inner)};`);
  } else if (extra === false) {
    // No property at all: a client may send nothing; a handler reading any property does not compile.
    if (lines.length === 0) return reading === 'client' ? 'Record<string, never>' : 'Record<never, never>';
  } else if (reading === 'handler' && lines.length === 0) {
    // Any object: `object` admits a service's interface types, which an index signature of unknown refuses.
    return 'object';
  } else if (reading === 'client' || extra === true) {
    if (lines.length === 0) return 'Record<string, unknown>';
    lines.push(`${inner}[key: string]: unknown;`);
  }
  // A handler's result lists only the declared properties unless the schema says `additionalProperties: true`:
  // further keys of a service's value still pass (structural typing), but a key an object literal adds by hand
  // must be declared in the manifest.
  return `{\n${lines.join('\n')}\n${indent}}`;
}

function docComment(schema: JsonSchema, indent: string): string {
  const parts = [
    ...(schema.description ? [schema.description] : []),
    ...(schema.default !== undefined ? [`@default ${JSON.stringify(schema.default)}`] : []),
  ];
  return parts.length === 0 ? '' : `${indent}/** ${parts.join(' ').replaceAll('*/', '*\\/')} */\n`;
}

/** `<Tool>Args` and `<Tool>Result` for every tool, in the given reading. */
export function toolTypes(tools: ManifestTool[], reading: Reading): string {
  const what =
    reading === 'handler'
      ? [
          'as its handler receives them: validated, defaults filled in',
          'as its handler returns it (null = absent)',
        ]
      : ['as a caller sends them', 'as the tool server answers it'];
  return tools
    .map((t) => {
      const base = pascalCase(t.name);
      return [
        `/** Arguments of ${t.name}, ${what[0]}. */`,
        `export type ${base}Args = ${tsType(t.inputSchema, reading, 'args')};`,
        `/** Result of ${t.name}, ${what[1]}. */`,
        `export type ${base}Result = ${tsType(t.outputSchema, reading, 'result')};`,
      ].join('\n');
    })
    .join('\n\n');
}
