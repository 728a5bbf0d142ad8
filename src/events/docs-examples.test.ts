import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { EVENT_TYPES, eventJsonSchema, eventSchema } from './catalogue.ts';

const DOC = readFileSync(new URL('../../docs/events.md', import.meta.url), 'utf8');
const SCHEMAS = new URL('../../schemas/events/', import.meta.url);

describe('event catalogue documentation', () => {
  it('has one example per type in docs/events.md, each valid against its schema', () => {
    const examples = [...DOC.matchAll(/^#### ([a-z_.]+)\n\n```json\n([\s\S]*?)\n```/gm)];
    assert.deepEqual(
      examples.map((m) => m[1]),
      [...EVENT_TYPES],
    );
    for (const [, type, json] of examples) {
      const payload = JSON.parse(json!) as { type: string };
      assert.equal(payload.type, type);
      eventSchema(type as (typeof EVENT_TYPES)[number]).parse(payload);
    }
  });

  it('publishes the JSON Schema of each type in schemas/events/', () => {
    for (const type of EVENT_TYPES) {
      const committed = JSON.parse(readFileSync(new URL(`${type}.json`, SCHEMAS), 'utf8')) as {
        properties: { type: { const: string } };
        required: string[];
      };
      assert.deepEqual(committed, eventJsonSchema(type), type);
      assert.equal(committed.properties.type.const, type);
      assert.deepEqual(committed.required, ['id', 'type', 'createdAt', 'orgId', 'data']);
    }
  });
});
