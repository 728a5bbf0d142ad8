// What the OpenAPI document cannot learn from the pipeline routes' zod schemas: the request bodies read by hand
// (multipart, or either of two VEX formats) and the export's file answer (the routes' `x-operation`,
// src/http/openapi.ts).

/** `POST /sscs/scan`: the upload's form; only `file` and `assetName` are used. */
export const SCAN_BODY = {
  required: true,
  content: {
    'multipart/form-data': {
      schema: {
        type: 'object',
        required: ['file'],
        properties: {
          file: { type: 'string', format: 'binary', description: 'The SBOM file, as for the upload.' },
          assetName: {
            type: 'string',
            description: "Applies the triage recorded on this asset's latest SBOM.",
          },
          name: { type: 'string', description: 'Accepted and ignored.' },
          version: { type: 'string', description: 'Accepted and ignored.' },
        },
      },
    },
  },
};

/** `POST /sscs/vex`: a CycloneDX VEX (1.4+) or OpenVEX (0.2.0) document, as JSON or as the multipart `file`. */
export const VEX_BODY = {
  required: true,
  content: {
    'application/json': {
      schema: {
        type: 'object',
        description:
          'A CycloneDX VEX document (bomFormat, specVersion ≥ 1.4, vulnerabilities[].analysis) or an OpenVEX ' +
          '0.2.0 document (@context, statements[]).',
        additionalProperties: true,
      },
    },
    'multipart/form-data': {
      schema: {
        type: 'object',
        required: ['file'],
        properties: { file: { type: 'string', format: 'binary', description: 'The VEX document.' } },
      },
    },
  },
};

/** The export's 200: the file itself, in the content type its format names. */
export const EXPORT_FILE = {
  description: 'The file (Content-Disposition names it), not an envelope.',
  content: {
    'application/vnd.cyclonedx+json': { schema: { type: 'string', format: 'binary' } },
    'application/json': { schema: { type: 'string', format: 'binary' } },
    'application/sarif+json': { schema: { type: 'string', format: 'binary' } },
    'text/csv': { schema: { type: 'string', format: 'binary' } },
  },
};
