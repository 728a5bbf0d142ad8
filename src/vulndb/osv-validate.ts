import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { OSV_SCHEMA } from './osv-schema.ts';

// ajv-formats is CommonJS: its default export arrives wrapped under type stripping.
type AddFormats = (ajv: Ajv2020) => unknown;
const addFormats = ((addFormatsModule as unknown as { default?: AddFormats }).default ??
  addFormatsModule) as unknown as AddFormats;

let compiled: ValidateFunction | undefined;

/** The compiled OSV schema (compiled once per process; compiling costs ~50 ms). */
function validator(): ValidateFunction {
  if (!compiled) {
    const ajv = new Ajv2020({ allErrors: true, strict: false });
    addFormats(ajv);
    compiled = ajv.compile(OSV_SCHEMA);
  }
  return compiled;
}

export interface SchemaIssue {
  /** JSON pointer into the document, e.g. `/affected/0/ranges/1/events/2`. */
  path: string;
  message: string;
}

/** Schema violations of one document (empty when valid); duplicate paths from `oneOf` branches are merged. */
export function validateOsv(document: unknown): SchemaIssue[] {
  const validate = validator();
  if (validate(document)) return [];
  const seen = new Map<string, SchemaIssue>();
  for (const error of (validate.errors ?? []) as ErrorObject[]) {
    // `oneOf` reports every failing branch and `if` repeats what its `then` said: one line per location.
    if (error.keyword !== 'if' && !seen.has(error.instancePath)) {
      seen.set(error.instancePath, { path: error.instancePath || '/', message: error.message ?? 'is invalid' });
    }
  }
  return [...seen.values()];
}
