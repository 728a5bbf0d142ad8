// Generates a realistic CycloneDX 1.5 SBOM of ~50 MiB (≈100,000 components with purls of five ecosystems,
// licenses, two hashes, an external reference and a dependency graph), as JSON, as its XML twin, and as an SPDX
// 2.3 JSON twin with the same components (the subject is the described root package).
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { join } from 'node:path';

const LICENSES = [
  'MIT',
  'Apache-2.0',
  'BSD-3-Clause',
  'ISC',
  'BSD-2-Clause',
  'MPL-2.0',
  'LGPL-2.1-only',
  'GPL-3.0-or-later',
];
const ECOSYSTEMS = ['npm', 'maven', 'pypi', 'golang', 'nuget'] as const;

interface Generated {
  ref: string;
  type: string;
  group: string | null;
  name: string;
  version: string;
  purl: string;
  license: string;
  hashes: [string, string][];
  website: string;
  dependsOn: string[];
}

const hex = (seed: string, alg: string) => createHash(alg).update(seed).digest('hex');

function component(i: number, count: number): Generated {
  const eco = ECOSYSTEMS[i % ECOSYSTEMS.length]!;
  const version = `${(i % 7) + 1}.${i % 13}.${i % 29}`;
  const base = `pkg${i.toString(36)}`;
  let group: string | null = null;
  let purl: string;
  let name = base;
  switch (eco) {
    case 'npm':
      group = i % 3 === 0 ? `@scope${i % 97}` : null;
      purl = group ? `pkg:npm/%40${group.slice(1)}/${name}@${version}` : `pkg:npm/${name}@${version}`;
      break;
    case 'maven':
      group = `org.example${i % 211}.lib`;
      purl = `pkg:maven/${group}/${name}@${version}?type=jar`;
      break;
    case 'pypi':
      name = `Py_${base}`;
      purl = `pkg:pypi/${name.toLowerCase().replace('_', '-')}@${version}`;
      break;
    case 'golang':
      name = `github.com/example${i % 331}/${base}`;
      purl = `pkg:golang/${name}@v${version}`;
      break;
    default:
      name = `Example.${base}`;
      purl = `pkg:nuget/${name}@${version}`;
  }
  const seed = `${purl}#${i}`;
  return {
    ref: purl,
    type: 'library',
    group,
    name,
    version,
    purl,
    license: LICENSES[i % LICENSES.length]!,
    hashes: [
      ['SHA-1', hex(seed, 'sha1')],
      ['SHA-256', hex(seed, 'sha256')],
    ],
    website: `https://example.org/${eco}/${base}`,
    dependsOn: [1, 2]
      .map((k) => (i + k * 7919) % count)
      .filter((j) => j !== i)
      .map((j) => `dep-${j}`),
  };
}

const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

async function write(path: string, chunks: Iterable<string>): Promise<void> {
  const out = createWriteStream(path);
  for (const chunk of chunks) if (!out.write(chunk)) await once(out, 'drain');
  out.end();
  await once(out, 'finish');
}

function* jsonChunks(count: number): Iterable<string> {
  yield '{\n  "bomFormat": "CycloneDX",\n  "specVersion": "1.5",\n  "serialNumber": "urn:uuid:3e671687-395b-41f5-a30f-a58921a69b79",\n  "version": 1,\n';
  yield '  "metadata": {\n    "timestamp": "2026-11-22T00:00:00Z",\n    "tools": {"components": [{"type": "application", "name": "bulwark-bench", "version": "1.0.0"}]},\n';
  yield '    "component": {"type": "application", "bom-ref": "root", "name": "big-app", "version": "9.9.9"}\n  },\n  "components": [\n';
  const refs: string[] = [];
  for (let i = 0; i < count; i++) {
    const c = component(i, count);
    refs.push(c.ref);
    const doc = {
      type: c.type,
      'bom-ref': `dep-${i}`,
      ...(c.group ? { group: c.group } : {}),
      name: c.name,
      version: c.version,
      hashes: c.hashes.map(([alg, content]) => ({ alg, content })),
      licenses: [{ license: { id: c.license } }],
      purl: c.purl,
      externalReferences: [{ type: 'website', url: c.website }],
    };
    yield `    ${JSON.stringify(doc)}${i + 1 < count ? ',' : ''}\n`;
  }
  yield '  ],\n  "dependencies": [\n';
  for (let i = 0; i < count; i++) {
    const c = component(i, count);
    yield `    {"ref": "dep-${i}", "dependsOn": ${JSON.stringify(c.dependsOn)}}${i + 1 < count ? ',' : ''}\n`;
  }
  yield '  ]\n}\n';
}

function* xmlChunks(count: number): Iterable<string> {
  yield '<?xml version="1.0" encoding="UTF-8"?>\n<bom xmlns="http://cyclonedx.org/schema/bom/1.5" serialNumber="urn:uuid:3e671687-395b-41f5-a30f-a58921a69b79" version="1">\n';
  yield '  <metadata>\n    <timestamp>2026-11-22T00:00:00Z</timestamp>\n    <tools><components><component type="application"><name>bulwark-bench</name><version>1.0.0</version></component></components></tools>\n';
  yield '    <component type="application" bom-ref="root"><name>big-app</name><version>9.9.9</version></component>\n  </metadata>\n  <components>\n';
  for (let i = 0; i < count; i++) {
    const c = component(i, count);
    yield (
      `    <component type="${c.type}" bom-ref="dep-${i}">${c.group ? `<group>${esc(c.group)}</group>` : ''}<name>${esc(c.name)}</name><version>${c.version}</version>` +
      `<hashes>${c.hashes.map(([alg, h]) => `<hash alg="${alg}">${h}</hash>`).join('')}</hashes>` +
      `<licenses><license><id>${c.license}</id></license></licenses><purl>${esc(c.purl)}</purl>` +
      `<externalReferences><reference type="website"><url>${esc(c.website)}</url></reference></externalReferences></component>\n`
    );
  }
  yield '  </components>\n  <dependencies>\n';
  for (let i = 0; i < count; i++) {
    const c = component(i, count);
    yield `    <dependency ref="dep-${i}">${c.dependsOn.map((d) => `<dependency ref="${d}"/>`).join('')}</dependency>\n`;
  }
  yield '  </dependencies>\n</bom>\n';
}

function* spdxChunks(count: number): Iterable<string> {
  yield '{\n  "spdxVersion": "SPDX-2.3",\n  "dataLicense": "CC0-1.0",\n  "SPDXID": "SPDXRef-DOCUMENT",\n  "name": "big-app",\n';
  yield '  "documentNamespace": "https://example.org/spdx/big-app-9.9.9",\n';
  yield '  "creationInfo": {"created": "2026-11-22T00:00:00Z", "creators": ["Tool: bulwark-bench-1.0.0"]},\n';
  yield '  "packages": [\n    {"SPDXID": "SPDXRef-root", "name": "big-app", "versionInfo": "9.9.9", "downloadLocation": "NOASSERTION", "primaryPackagePurpose": "APPLICATION"},\n';
  for (let i = 0; i < count; i++) {
    const c = component(i, count);
    const doc = {
      SPDXID: `SPDXRef-dep-${i}`,
      name: c.name,
      versionInfo: c.version,
      downloadLocation: c.website,
      checksums: c.hashes.map(([alg, content]) => ({
        algorithm: alg.replace('-', ''),
        checksumValue: content,
      })),
      licenseConcluded: c.license,
      externalRefs: [
        { referenceCategory: 'PACKAGE-MANAGER', referenceType: 'purl', referenceLocator: c.purl },
      ],
    };
    yield `    ${JSON.stringify(doc)}${i + 1 < count ? ',' : ''}\n`;
  }
  yield '  ],\n  "relationships": [\n    {"spdxElementId": "SPDXRef-DOCUMENT", "relationshipType": "DESCRIBES", "relatedSpdxElement": "SPDXRef-root"}';
  for (let i = 0; i < count; i++) {
    for (const d of component(i, count).dependsOn)
      yield `,\n    {"spdxElementId": "SPDXRef-dep-${i}", "relationshipType": "DEPENDS_ON", "relatedSpdxElement": "SPDXRef-${d}"}`;
  }
  yield '\n  ]\n}\n';
}

export interface GeneratedFiles {
  json: string;
  xml: string;
  spdx: string;
}

/** Writes `big.cdx.json`, `big.cdx.xml` and `big.spdx.json` with `count` components into `dir`. */
export async function generateSboms(dir: string, count = 100_000): Promise<GeneratedFiles> {
  const files = {
    json: join(dir, 'big.cdx.json'),
    xml: join(dir, 'big.cdx.xml'),
    spdx: join(dir, 'big.spdx.json'),
  };
  await write(files.json, jsonChunks(count));
  await write(files.xml, xmlChunks(count));
  await write(files.spdx, spdxChunks(count));
  return files;
}

/** Only the CycloneDX XML twin (the XML parser's benchmark). */
export async function generateXml(path: string, count = 100_000): Promise<void> {
  await write(path, xmlChunks(count));
}

/** Only the CycloneDX JSON (benchmarks that need no twins). */
export async function generateJson(path: string, count = 100_000): Promise<void> {
  await write(path, jsonChunks(count));
}
