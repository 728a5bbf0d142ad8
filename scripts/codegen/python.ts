/** Generates the Python client library (standard library only) from the tool manifest. */
import { readFileSync } from 'node:fs';
import { snakeCase, type ManifestTool } from './manifest.ts';

const HEADER = `# Generated from manifest/tools.yaml by scripts/generate.ts (npm run generate): do not edit.
# A client for the Bulwark REST API and tool server, standard library only (Python 3.9+).
`;

const pyString = (text: string): string => JSON.stringify(text);

function toolMethod(tool: ManifestTool): string {
  const properties = Object.keys(tool.inputSchema.properties ?? {});
  const required = new Set(tool.inputSchema.required ?? []);
  const ordered = [
    ...properties.filter((p) => required.has(p)),
    ...properties.filter((p) => !required.has(p)),
  ];
  const params = ordered.map((p) => (required.has(p) ? snakeCase(p) : `${snakeCase(p)}=None`));
  const signature = ['self', ...(params.length ? ['*', ...params] : [])].join(', ');
  const args = ordered.map((p) => `${pyString(p)}: ${snakeCase(p)}`).join(', ');
  const doc = `${tool.title} (${tool.scope}).\n\n        ${tool.description}`;
  return `    def ${tool.name}(${signature}):
        """${doc.replaceAll('"""', "'''")}"""
        return self.call_tool(${pyString(tool.name)}, {${args}})`;
}

/** The Python client: the fixed REST part (clients template) and one method per tool. */
export function pythonClient(tools: ManifestTool[]): string {
  const template = readFileSync(new URL('./rest-client.template.py', import.meta.url), 'utf8').split(
    '# --- template ---\n',
  )[1];
  const names = tools.map((t) => `        ${pyString(t.name)},`).join('\n');
  return `${HEADER}${template}
    TOOL_NAMES = (
${names}
    )

${tools.map(toolMethod).join('\n\n')}
`;
}
