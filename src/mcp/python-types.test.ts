// The Python client's TypedDicts: what the generator writes for a schema, and (read back by Python itself from
// clients/python/bulwark_client.py) that every tool's Args and Result, nested objects included, and its method's
// parameters and return follow the manifest.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import {
  loadManifest,
  pascalCase,
  snakeCase,
  type JsonSchema,
  type ManifestTool,
} from '../../scripts/codegen/manifest.ts';
import { pythonToolTypes } from '../../scripts/codegen/python-types.ts';

const repoRoot = resolve(fileURLToPath(new URL('../..', import.meta.url)));

const fragment: ManifestTool = {
  name: 'thing_page',
  title: 'Things',
  description: 'A page of things.',
  scope: 'mcp:read',
  readOnly: true,
  inputSchema: {
    type: 'object',
    required: ['kind'],
    properties: {
      kind: { type: 'string', enum: ['a', 'b'] },
      limit: { type: 'integer', minimum: 1, default: 50 },
      tags: { type: 'array', items: { type: 'string' } },
    },
    additionalProperties: false,
  },
  outputSchema: {
    type: 'object',
    required: ['items', 'window'],
    properties: {
      items: {
        type: 'array',
        items: {
          type: 'object',
          required: ['id'],
          properties: { id: { type: 'string' }, score: { type: 'number' } },
        },
      },
      window: { type: 'integer', const: 30 },
      next: { type: 'string' },
      counts: { type: 'object', additionalProperties: { type: 'integer' } },
      byTier: { type: 'object', required: ['1'], properties: { '1': { type: 'boolean' } } },
    },
  },
};

/** What Python's typing says about an annotation: a TypedDict's keys and fields, or the type's shape. */
type Shape =
  | string
  | { literal: unknown[] }
  | { list: Shape }
  | { dict: Shape }
  | { required: string[]; optional: string[]; fields: Record<string, Shape> };

// Reads the generated module back through typing's own introspection and prints, per tool, its Args and Result
// TypedDicts and its method's keyword parameters and return annotation.
const INTROSPECT = `
import inspect, json, sys, typing
sys.path.insert(0, sys.argv[1] + "/clients/python")
import bulwark_client as m

def is_typed_dict(t):
    return isinstance(t, type) and issubclass(t, dict) and hasattr(t, "__required_keys__")

def shape(t):
    if is_typed_dict(t):
        hints = typing.get_type_hints(t)
        return {"required": sorted(t.__required_keys__), "optional": sorted(t.__optional_keys__),
                "fields": {k: shape(v) for k, v in hints.items()}}
    origin, args = typing.get_origin(t), typing.get_args(t)
    if origin is typing.Literal:
        return {"literal": list(args)}
    if origin is list:
        return {"list": shape(args[0])}
    if origin is dict:
        return {"dict": shape(args[1])}
    if origin is typing.Union and type(None) in args:
        return {"optional": shape(next(a for a in args if a is not type(None)))}
    return "Any" if t is typing.Any else t.__name__

out = {}
for name in m.BulwarkClient.TOOL_NAMES:
    base = "".join(part[:1].upper() + part[1:] for part in name.split("_"))
    method = getattr(m.BulwarkClient, name)
    signature = inspect.signature(method)
    hints = typing.get_type_hints(method)
    out[name] = {
        "args": shape(getattr(m, base + "Args")),
        "result": shape(getattr(m, base + "Result")),
        "returns": hints["return"].__name__,
        "parameters": {p.name: [p.default is inspect.Parameter.empty, shape(hints[p.name])]
                       for p in signature.parameters.values() if p.kind is inspect.Parameter.KEYWORD_ONLY},
    }
print(json.dumps(out))
`;

/** The shape a caller's reading of a JSON Schema gives (CONTRIBUTING.md, Generated files). */
function expected(schema: JsonSchema): Shape {
  if (schema.const !== undefined) return { literal: [schema.const] };
  if (schema.enum) return { literal: schema.enum };
  const scalar = { string: 'str', integer: 'int', number: 'float', boolean: 'bool' }[String(schema.type)];
  if (scalar) return scalar;
  if (schema.type === 'array') return { list: schema.items ? expected(schema.items) : 'Any' };
  const properties = Object.entries(schema.properties ?? {});
  if (properties.length === 0) {
    const values = schema.additionalProperties;
    return { dict: typeof values === 'object' ? expected(values) : 'Any' };
  }
  const required = new Set(schema.required ?? []);
  return {
    required: properties
      .map(([key]) => key)
      .filter((key) => required.has(key))
      .sort(),
    optional: properties
      .map(([key]) => key)
      .filter((key) => !required.has(key))
      .sort(),
    fields: Object.fromEntries(properties.map(([key, value]) => [key, expected(value)])),
  };
}

describe('Python client types', () => {
  it('writes a TypedDict per object, split where required and optional keys meet, nested ones first', () => {
    assert.equal(
      pythonToolTypes([fragment]).source,
      `class _ThingPageArgsRequired(TypedDict):
    """The keys of ThingPageArgs that are always present."""
    kind: Literal["a", "b"]


class ThingPageArgs(_ThingPageArgsRequired, total=False):
    """Arguments of thing_page, as a caller sends them."""
    limit: int
    tags: List[str]


class _ThingPageResultItemsItemRequired(TypedDict):
    """The keys of ThingPageResultItemsItem that are always present."""
    id: str


class ThingPageResultItemsItem(_ThingPageResultItemsItemRequired, total=False):
    """The object at thing_page result.items[]."""
    score: float


# The object at thing_page result.byTier.
ThingPageResultByTier = TypedDict("ThingPageResultByTier", {"1": bool})


class _ThingPageResultRequired(TypedDict):
    """The keys of ThingPageResult that are always present."""
    items: List[ThingPageResultItemsItem]
    window: Literal[30]


class ThingPageResult(_ThingPageResultRequired, total=False):
    """Result of thing_page, as the tool server answers it."""
    next: str
    counts: Dict[str, int]
    byTier: ThingPageResultByTier`,
    );
  });

  it('refuses an optional key that is not a Python name beside required keys (the call syntax takes no base)', () => {
    const properties = { n: { type: 'integer' }, '2': { type: 'integer' } };
    const tool = { ...fragment, outputSchema: { type: 'object', required: ['n'], properties } };
    assert.throws(
      () => pythonToolTypes([tool]),
      /^Error: ThingPageResult: a key that is not a Python name beside optional keys$/,
    );
  });

  it('clients/python/bulwark_client.py: every tool has Args and Result TypedDicts and a method as the manifest says', async () => {
    const tools = loadManifest(resolve(repoRoot, 'manifest/tools.yaml'));
    const { stdout } = await promisify(execFile)('python3', ['-c', INTROSPECT, repoRoot]);
    const seen = JSON.parse(stdout) as Record<string, unknown>;
    assert.deepEqual(Object.keys(seen).sort(), tools.map((t) => t.name).sort());
    // A tool's arguments and result are TypedDicts even without properties (then empty, not a dict of anything).
    const typedDict = (schema: JsonSchema) => {
      const shape = expected(schema);
      return typeof shape === 'object' && 'fields' in shape
        ? shape
        : { required: [], optional: [], fields: {} };
    };
    for (const tool of tools) {
      const args = typedDict(tool.inputSchema);
      const required = new Set(tool.inputSchema.required ?? []);
      assert.deepEqual(
        seen[tool.name],
        {
          args,
          result: typedDict(tool.outputSchema),
          returns: `${pascalCase(tool.name)}Result`,
          parameters: Object.fromEntries(
            Object.entries(args.fields).map(([key, shape]) => [
              snakeCase(key),
              required.has(key) ? [true, shape] : [false, { optional: shape }],
            ]),
          ),
        },
        tool.name,
      );
    }
  });
});
