// Validators for the published JSON Schemas the exports must meet (CycloneDX 1.6, SARIF 2.1.0, OpenVEX 0.2.0),
// read from the shared data's schemas/. Formats ajv-formats lacks (iri, idn-email, …) are accepted as strings.
// A test that validates takes its `skip` from `schemasSkip()`: on a fresh clone it skips, in CI it must run.
import { readFileSync } from 'node:fs';
import { Ajv, type ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

import { sharedDataPath, sharedDataSkip } from './shared-data.ts';

/** The `skip` of a test that calls `schemaErrors` (the schemas are part of the shared data). */
export const schemasSkip = (): false | string => sharedDataSkip('schemas');

const load = (name: string) =>
  JSON.parse(readFileSync(sharedDataPath(`schemas/${name}`), 'utf8')) as Record<string, unknown>;
const addFormats = addFormatsModule as unknown as (ajv: Ajv | Ajv2020) => void;
const LOOSE_FORMATS = ['iri', 'iri-reference', 'idn-email', 'idn-hostname'];

function prepare<T extends Ajv | Ajv2020>(ajv: T): T {
  addFormats(ajv);
  for (const format of LOOSE_FORMATS) ajv.addFormat(format, true);
  return ajv;
}

let cached: Record<'cyclonedx' | 'sarif' | 'openvex', ValidateFunction> | undefined;

export function validators(): Record<'cyclonedx' | 'sarif' | 'openvex', ValidateFunction> {
  if (cached) return cached;
  const draft7 = prepare(new Ajv({ strict: false, allErrors: false }));
  // The CycloneDX schema refers to its companions by their published names.
  draft7.addSchema(load('cyclonedx-spdx.schema.json'), 'spdx.schema.json');
  draft7.addSchema(load('cyclonedx-jsf-0.82.schema.json'), 'jsf-0.82.schema.json');
  const cyclonedx = draft7.compile(load('cyclonedx-bom-1.6.schema.json'));
  // SARIF's schema is draft-04 with no draft-04-only keywords (no boolean exclusive bounds): read as draft-07.
  const { $schema: _draft4, id, ...sarifSchema } = load('sarif-schema-2.1.0.json');
  const sarif = draft7.compile({ ...sarifSchema, $id: String(id) });
  const openvex = prepare(new Ajv2020({ strict: false })).compile(load('openvex_json_schema.json'));
  cached = { cyclonedx, sarif, openvex };
  return cached;
}

/** Errors of a document against a schema, as one readable string ('' when valid). */
export function schemaErrors(kind: 'cyclonedx' | 'sarif' | 'openvex', doc: unknown): string {
  const validate = validators()[kind];
  return validate(doc) ? '' : JSON.stringify(validate.errors?.slice(0, 5));
}
