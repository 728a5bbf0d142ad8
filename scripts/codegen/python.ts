/** Generates the Python client library (standard library only) from the tool manifest. */
import { readFileSync } from 'node:fs';
import { snakeCase, type ManifestTool } from './manifest.ts';
import { pythonToolTypes, type ToolTyping } from './python-types.ts';

const HEADER = `# Generated from manifest/tools.yaml by scripts/generate.ts (npm run generate): do not edit.
# A client for the Bulwark REST API and tool server, standard library only (Python 3.9+).
`;

const TYPES_MARKER = '# --- tool types ---\n';
const TYPES_HEADER = `# The tools' arguments and results (manifest/tools.yaml): a key that is not required may be absent.


`;

const pyString = (text: string): string => JSON.stringify(text);

/** A tool's method: keyword arguments with their types, sent as its Args TypedDict, answered as its Result. */
function toolMethod(tool: ManifestTool, typing: ToolTyping): string {
  const properties = Object.keys(tool.inputSchema.properties ?? {});
  const required = new Set(tool.inputSchema.required ?? []);
  const ordered = [
    ...properties.filter((p) => required.has(p)),
    ...properties.filter((p) => !required.has(p)),
  ];
  const params = ordered.map((p) => {
    const type = typing.parameters.get(p)!;
    return required.has(p) ? `${snakeCase(p)}: ${type}` : `${snakeCase(p)}: Optional[${type}] = None`;
  });
  const signature = ['self', ...(params.length ? ['*', ...params] : [])].join(', ');
  const given = ordered.filter((p) => required.has(p)).map((p) => `${pyString(p)}: ${snakeCase(p)}`);
  // A key left out is left out of the arguments too (a TypedDict's optional key is absent, never None).
  const optional = ordered
    .filter((p) => !required.has(p))
    .map(
      (p) =>
        `        if ${snakeCase(p)} is not None:\n            arguments[${pyString(p)}] = ${snakeCase(p)}`,
    );
  const doc = `${tool.title} (${tool.scope}).\n\n        ${tool.description}`;
  return [
    `    def ${tool.name}(${signature}) -> ${typing.result}:`,
    `        """${doc.replaceAll('"""', "'''")}"""`,
    `        arguments: ${typing.args} = {${given.join(', ')}}`,
    ...optional,
    `        return self.call_tool(${pyString(tool.name)}, arguments)`,
  ].join('\n');
}

/** The Python client: the fixed REST part (clients template), the tools' TypedDicts and one method per tool. */
export function pythonClient(tools: ManifestTool[]): string {
  const [, template] = readFileSync(new URL('./rest-client.template.py', import.meta.url), 'utf8').split(
    '# --- template ---\n',
  );
  if (!template?.includes(TYPES_MARKER)) throw new Error('rest-client.template.py: a marker is missing');
  const { source, typing } = pythonToolTypes(tools);
  const names = tools.map((t) => `        ${pyString(t.name)},`).join('\n');
  return `${HEADER}${template.replace(TYPES_MARKER, `${TYPES_HEADER}${source}\n`)}
    TOOL_NAMES = (
${names}
    )

${tools.map((tool) => toolMethod(tool, typing.get(tool.name)!)).join('\n\n')}
`;
}
