/** Every input and output schema of the tool catalog passes the portability lint, and the lint catches each rule. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { TOOL_CATALOG } from './generated/tool-catalog.ts';
import { lintToolSchema } from './schema-lint.ts';
import { LISTED_TOOLS } from './tool-server.ts';

describe('tool schema portability', () => {
  it('every schema of the catalog and of tools/list: 0 problems', () => {
    const problems = [...TOOL_CATALOG, ...LISTED_TOOLS].flatMap((tool) => [
      ...lintToolSchema(tool.inputSchema, `${tool.name} input`),
      ...lintToolSchema(tool.outputSchema, `${tool.name} output`),
    ]);
    assert.deepEqual(problems, []);
    assert.equal(TOOL_CATALOG.length, 28);
  });

  it('a tool without arguments lists properties: {}', () => {
    const supplierList = TOOL_CATALOG.find((t) => t.name === 'supplier_list')!;
    assert.deepEqual(supplierList.inputSchema, {
      type: 'object',
      properties: {},
      additionalProperties: false,
    });
  });

  it('each rule is caught, with its path', () => {
    const root = (properties: Record<string, unknown>) => ({ type: 'object', properties });
    assert.deepEqual(lintToolSchema({ type: 'array', items: { type: 'string' } }, 't'), [
      't: the root must be an object schema',
    ]);
    assert.deepEqual(lintToolSchema({ type: 'object' }, 't'), [
      't: the root names no properties (write properties: {} for a tool without any)',
    ]);
    assert.deepEqual(lintToolSchema(root({ a: { type: ['string', 'null'] } }), 't'), [
      't.a: type is an array (["string","null"])',
    ]);
    assert.deepEqual(lintToolSchema(root({ a: { $ref: '#/x', type: 'string' } }), 't'), ['t.a: uses $ref']);
    assert.deepEqual(lintToolSchema(root({ a: { type: 'object', properties: {}, anyOf: [] } }), 't'), [
      't.a: uses anyOf',
    ]);
    assert.deepEqual(lintToolSchema(root({ a: true }), 't'), ['t.a: a boolean (or non-object) schema']);
    assert.deepEqual(
      lintToolSchema(root({ a: { type: 'array', items: { type: 'string', enum: ['x', null] } } }), 't'),
      ['t.a[]: enum admits null'],
    );
    assert.deepEqual(
      lintToolSchema(root({ a: { type: 'object', additionalProperties: { oneOf: [] } } }), 't'),
      ['t.a{}: uses oneOf', 't.a{}: has no type'],
    );
  });
});
