// The stem of an SBOM's file name (`app-1.bom.json` → `app-1`): export file names are built on it, so an SBOM
// named after its file exports as `app-1-v1.cdx.json`, never `app-1.bom.json-v1.cdx.json`.

/** Extensions SBOM files carry, alone or stacked (`.cdx.json`, `.spdx.json`, `.bom.xml`, `.spdx`…). */
const SBOM_EXTENSIONS = new Set([
  'json',
  'jsonld',
  'xml',
  'spdx',
  'cdx',
  'bom',
  'sbom',
  'cyclonedx',
  'tv',
  'tag',
  'txt',
  'gz',
]);

/** The file name without its trailing SBOM extensions; the whole name when nothing else would be left. */
export function stemOfSbomFileName(fileName: string): string {
  const base = fileName.replace(/^.*[\\/]/, '');
  const parts = base.split('.');
  while (parts.length > 1 && SBOM_EXTENSIONS.has(parts[parts.length - 1]!.toLowerCase())) parts.pop();
  const stem = parts.join('.');
  return stem === '' ? base : stem;
}
