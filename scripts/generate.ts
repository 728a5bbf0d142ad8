// Generates the tool server's catalog and tool types and the client libraries from manifest/tools.yaml, the REST
// API's TypeScript types from the OpenAPI document (src/http/openapi.ts and the routes' schemas), and the event
// JSON Schemas from the event catalogue (src/events/catalogue.ts).
//   node scripts/generate.ts          write the generated files
//   node scripts/generate.ts --check  exit 1 when a generated file is missing or stale (CI)
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { format } from 'prettier';
import { EVENT_TYPES, eventJsonSchema } from '../src/events/catalogue.ts';
import { loadManifest, wireOutputSchema, type ManifestTool } from './codegen/manifest.ts';
import { openApiDocument, openApiTypesTs } from './codegen/openapi-types.ts';
import { pythonClient } from './codegen/python.ts';
import { toolCatalogTs, toolTypesTs, typescriptClient } from './codegen/typescript.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

const wire = (t: ManifestTool) => ({
  name: t.name,
  title: t.title,
  description: t.description,
  scope: t.scope,
  readOnly: t.readOnly,
  inputSchema: t.inputSchema,
  outputSchema: wireOutputSchema(t.outputSchema),
});

async function prettierTs(source: string, parser = 'typescript'): Promise<string> {
  const options = JSON.parse(readFileSync(resolve(root, '.prettierrc.json'), 'utf8')) as Record<
    string,
    unknown
  >;
  return format(source, { ...options, parser });
}

/** Every generated file, path relative to the repository root → content. */
export async function generateAll(): Promise<Map<string, string>> {
  const tools = loadManifest(resolve(root, 'manifest/tools.yaml'));
  return new Map([
    ['src/mcp/generated/tool-catalog.ts', await prettierTs(toolCatalogTs(tools, wire))],
    ['src/mcp/generated/tool-types.ts', await prettierTs(toolTypesTs(tools))],
    ['clients/typescript/bulwark-client.ts', await prettierTs(typescriptClient(tools))],
    // The REST API's types (openapi-typescript): the console and the TypeScript client import them.
    ['clients/typescript/openapi.ts', await prettierTs(await openApiTypesTs(await openApiDocument()))],
    ['clients/python/bulwark_client.py', pythonClient(tools)],
    // One JSON Schema per event type (docs/events.md).
    ...(await Promise.all(
      EVENT_TYPES.map(async (type): Promise<[string, string]> => [
        `schemas/events/${type}.json`,
        await prettierTs(JSON.stringify(eventJsonSchema(type)), 'json'),
      ]),
    )),
  ]);
}

function readOrEmpty(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}

async function main(argv: string[]): Promise<number> {
  const check = argv.includes('--check');
  const files = await generateAll();
  const stale: string[] = [];
  for (const [path, content] of files) {
    const absolute = resolve(root, path);
    if (readOrEmpty(absolute) === content) continue;
    stale.push(path);
    if (!check) {
      mkdirSync(dirname(absolute), { recursive: true });
      writeFileSync(absolute, content);
    }
  }
  if (check) {
    if (stale.length === 0) return 0;
    process.stderr.write(`Generated files are stale (run npm run generate): ${stale.join(', ')}\n`);
    return 1;
  }
  process.stdout.write(
    stale.length
      ? `wrote ${stale.map((p) => relative(root, resolve(root, p))).join(', ')}\n`
      : 'generated files are up to date\n',
  );
  return 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await main(process.argv.slice(2));
}
