// SPDX 2.2/2.3 tag-value (`.spdx`): read into the shape of an SPDX JSON document, then normalised by the SPDX JSON
// reader, so both serialisations give the same components. Errors name the line.
import type { ParsedSbom } from '../sbom-model.ts';
import { SPDX2_VERSIONS, unsupportedFormat } from './formats.ts';
import { parseError } from './parse-error.ts';
import { parseSpdxJson } from './spdx-json.ts';

type Json = Record<string, unknown>;

/** Tags that open a section other than a package: the package before it ends there. */
const OTHER_SECTIONS = new Set(['FileName', 'SnippetSPDXID', 'LicenseID', 'Annotator', 'ExtractedText']);

interface Line {
  tag: string;
  value: string;
  line: number;
}

/** `Tag: value` lines; a value opening with `<text>` runs to its `</text>`, across lines. */
function* lines(fileName: string, text: string): Generator<Line> {
  const rows = text.split(/\r?\n/);
  for (let i = 0; i < rows.length; i++) {
    const raw = rows[i]!;
    const trimmed = raw.trim();
    if (trimmed === '' || trimmed.startsWith('#')) continue;
    const colon = raw.indexOf(':');
    if (colon <= 0 || !/^[A-Za-z][A-Za-z0-9]*$/.test(raw.slice(0, colon).trim())) {
      throw parseError(
        fileName,
        `line ${i + 1}: expected 'Tag: value', found ${JSON.stringify(trimmed.slice(0, 40))}`,
      );
    }
    const tag = raw.slice(0, colon).trim();
    let value = raw.slice(colon + 1).trim();
    const start = i;
    if (value.startsWith('<text>')) {
      value = value.slice('<text>'.length);
      while (!value.includes('</text>')) {
        if (++i >= rows.length)
          throw parseError(
            fileName,
            `line ${start + 1}: ${tag} opens <text> that is never closed by </text>`,
          );
        value += `\n${rows[i]}`;
      }
      value = value.slice(0, value.indexOf('</text>'));
    }
    yield { tag, value, line: start + 1 };
  }
}

/** Tag-value text → the equivalent SPDX JSON document → the normalised SBOM. */
export function parseSpdxTagValue(fileName: string, text: string): ParsedSbom {
  const doc: Json = { packages: [], relationships: [], creationInfo: { creators: [] } };
  const packages = doc.packages as Json[];
  const relationships = doc.relationships as Json[];
  let current: (Json & { _line: number }) | undefined;
  let inOtherSection = false;
  for (const { tag, value, line } of lines(fileName, text)) {
    if (tag === 'SPDXVersion') {
      if (!SPDX2_VERSIONS.includes(value))
        throw unsupportedFormat(fileName, `SPDX tag-value '${value}' seen`);
      doc.spdxVersion = value;
    } else if (tag === 'Creator') (doc.creationInfo as { creators: string[] }).creators.push(value);
    else if (tag === 'PackageName') {
      current = { name: value, _line: line };
      packages.push(current);
      inOtherSection = false;
    } else if (OTHER_SECTIONS.has(tag)) {
      current = undefined;
      inOtherSection = true;
    } else if (tag === 'Relationship') relationships.push(relationship(fileName, value, line));
    else if (tag === 'SPDXID' && current === undefined && !inOtherSection) doc.SPDXID = value;
    else if (current) packageTag(fileName, current, tag, value, line);
  }
  if (doc.spdxVersion === undefined)
    throw parseError(fileName, 'no SPDXVersion line: not an SPDX tag-value document');
  for (const pkg of packages) {
    if (pkg.SPDXID === undefined)
      throw parseError(fileName, `line ${String(pkg._line)}: package '${String(pkg.name)}' has no SPDXID`);
    delete pkg._line;
  }
  return parseSpdxJson(fileName, doc);
}

function packageTag(fileName: string, pkg: Json, tag: string, value: string, line: number): void {
  switch (tag) {
    case 'SPDXID':
      pkg.SPDXID = value;
      break;
    case 'PackageVersion':
      pkg.versionInfo = value;
      break;
    case 'PackageSupplier':
      pkg.supplier = value;
      break;
    case 'PackageLicenseConcluded':
      pkg.licenseConcluded = value;
      break;
    case 'PackageLicenseDeclared':
      pkg.licenseDeclared = value;
      break;
    case 'PrimaryPackagePurpose':
      pkg.primaryPackagePurpose = value;
      break;
    case 'PackageChecksum': {
      // `SHA256: 3f7…`
      const match = /^([A-Za-z0-9-]+)\s*:\s*(\S+)$/.exec(value);
      if (!match) throw parseError(fileName, `line ${line}: PackageChecksum must be 'ALGORITHM: value'`);
      ((pkg.checksums ??= []) as Json[]).push({ algorithm: match[1], checksumValue: match[2] });
      break;
    }
    case 'ExternalRef': {
      // `PACKAGE-MANAGER purl pkg:pypi/x@1`
      const parts = value.split(/\s+/);
      if (parts.length !== 3)
        throw parseError(fileName, `line ${line}: ExternalRef must be 'CATEGORY TYPE LOCATOR'`);
      ((pkg.externalRefs ??= []) as Json[]).push({
        referenceCategory: parts[0],
        referenceType: parts[1],
        referenceLocator: parts[2],
      });
      break;
    }
    default:
      // Download location, comments, copyright and the rest are not part of the component model.
      break;
  }
}

function relationship(fileName: string, value: string, line: number): Json {
  const parts = value.split(/\s+/);
  if (parts.length !== 3)
    throw parseError(fileName, `line ${line}: Relationship must be 'SPDXRef-A RELATIONSHIP_TYPE SPDXRef-B'`);
  return { spdxElementId: parts[0], relationshipType: parts[1], relatedSpdxElement: parts[2] };
}
