// What the OpenAPI document cannot learn from the upload route's zod schemas: its multipart form, read by hand
// (the route's `x-operation`, src/http/openapi.ts).

/** `POST /sscs/sboms/upload`: the SBOM file and the optional fields naming it. */
export const UPLOAD_BODY = {
  required: true,
  content: {
    'multipart/form-data': {
      schema: {
        type: 'object',
        required: ['file'],
        properties: {
          file: {
            type: 'string',
            format: 'binary',
            description:
              'The SBOM file: CycloneDX JSON or XML, SPDX 2 JSON or tag-value, SPDX 3 JSON-LD; the family from its ' +
              'name, or from its content when the name is not specific (.json, .txt, -).',
          },
          name: { type: 'string' },
          assetName: { type: 'string' },
          version: { type: 'string' },
        },
      },
    },
  },
};
