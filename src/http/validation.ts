/**
 * The request validator: control characters are refused first, in every part of the request (path, query,
 * body), with the same VALIDATION_FAILED details as the zod schemas give; then the route's zod schema.
 */
import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { findControlCharacters } from '../shared/control-characters.ts';

type ZodCompiler = typeof validatorCompiler;

export const guardedValidatorCompiler: ZodCompiler = (route) => {
  const validate = validatorCompiler(route) as ReturnType<FastifySchemaCompiler<unknown>>;
  return (data: unknown) => {
    const issues = findControlCharacters(data);
    if (issues.length === 0) return validate(data);
    return {
      error: issues.map((issue) => ({
        keyword: 'control_character',
        instancePath: `/${issue.path.join('/')}`,
        schemaPath: '#',
        message: issue.message,
        params: {},
      })),
    };
  };
};
