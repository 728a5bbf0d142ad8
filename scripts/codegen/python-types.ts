/**
 * Python types for the tools' arguments and results (standard library `typing` only, Python 3.9+): one TypedDict
 * per tool's arguments (`<Tool>Args`) and result (`<Tool>Result`), and one per nested object with properties
 * (`<Parent><Property>`; an array's objects `<Parent><Property>Item`). They read the schemas as a caller does, like
 * the TypeScript client's types (scripts/codegen/tool-types.ts, `client`): a key that is not required may be
 * left out (one with a default too), and a result leaves out a value that is absent, never null. Python 3.9 has
 * no `NotRequired`, so a TypedDict with both kinds of keys is split: `_<Name>Required` holds the required keys
 * and `<Name>` adds the others with `total=False` (CONTRIBUTING.md, Generated files).
 */
import { pascalCase, type JsonSchema, type ManifestTool } from './manifest.ts';

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;
const PYTHON_KEYWORDS = new Set(
  (
    'False None True and as assert async await break class continue def del elif else except finally for from ' +
    'global if import in is lambda nonlocal not or pass raise return try while with yield'
  ).split(' '),
);

/** Python's spelling of a JSON scalar in a `Literal[...]`. */
function pyLiteral(value: unknown): string {
  if (value === null) return 'None';
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  return JSON.stringify(value);
}

interface Field {
  key: string;
  type: string;
  required: boolean;
}

/** A TypedDict to emit; `definitions` lists them in an order where each follows the ones it names. */
interface Definition {
  name: string;
  doc: string;
  fields: Field[];
}

class PythonTypes {
  readonly definitions: Definition[] = [];

  /**
   * The annotation of the schema found at `where` (a path for docstrings: `risk_get result.items[]`); an object
   * with properties becomes a TypedDict called `name`.
   */
  annotation(schema: JsonSchema, name: string, where: string): string {
    if (schema.const !== undefined) return `Literal[${pyLiteral(schema.const)}]`;
    if (schema.enum) return `Literal[${schema.enum.map(pyLiteral).join(', ')}]`;
    switch (schema.type) {
      case 'string':
        return 'str';
      case 'integer':
        return 'int';
      case 'number':
        return 'float';
      case 'boolean':
        return 'bool';
      case 'array':
        return `List[${schema.items ? this.annotation(schema.items, `${name}Item`, `${where}[]`) : 'Any'}]`;
      case 'object': {
        if (Object.keys(schema.properties ?? {}).length > 0)
          return this.typedDict(schema, name, where, `The object at ${where}.`).name;
        // A map (additionalProperties: a schema) or any object.
        const values = schema.additionalProperties;
        const value =
          typeof values === 'object' ? this.annotation(values, `${name}Value`, `${where}{}`) : 'Any';
        return `Dict[str, ${value}]`;
      }
      default:
        return 'Any';
    }
  }

  /** The TypedDict of an object schema (its properties only), defined after the ones its keys name. */
  typedDict(schema: JsonSchema, name: string, where: string, doc: string): Definition {
    const required = new Set(schema.required ?? []);
    const fields = Object.entries(schema.properties ?? {}).map(([key, value]) => ({
      key,
      type: this.annotation(value, name + pascalCase(key.replace(/[^A-Za-z0-9]+/g, '_')), `${where}.${key}`),
      required: required.has(key),
    }));
    // Names follow the paths, so two objects could meet only under a property such as `itemsItem`: refuse it.
    if (this.definitions.some((d) => d.name === name))
      throw new Error(`${name}: two TypedDicts of that name`);
    const definition = { name, doc, fields };
    this.definitions.push(definition);
    return definition;
  }
}

/** A TypedDict in class syntax, or in the call syntax when a key is not a Python name (`"1"`). */
function typedDictSource(name: string, doc: string, base: string, fields: Field[], total: boolean): string {
  const totality = total ? '' : ', total=False';
  if (fields.every((f) => IDENTIFIER.test(f.key) && !PYTHON_KEYWORDS.has(f.key))) {
    const body = fields.map((f) => `    ${f.key}: ${f.type}`);
    return [`class ${name}(${base}${totality}):`, `    """${doc}"""`, ...body].join('\n');
  }
  // The call syntax takes no base: a key that is not a Python name works only in a TypedDict of one kind.
  if (base !== 'TypedDict') throw new Error(`${name}: a key that is not a Python name beside optional keys`);
  const entries = fields.map((f) => `${JSON.stringify(f.key)}: ${f.type}`).join(', ');
  return `# ${doc}\n${name} = TypedDict(${JSON.stringify(name)}, {${entries}}${totality})`;
}

function definitionSource({ name, doc, fields }: Definition): string {
  const required = fields.filter((f) => f.required);
  const optional = fields.filter((f) => !f.required);
  if (optional.length === 0) return typedDictSource(name, doc, 'TypedDict', required, true);
  if (required.length === 0) return typedDictSource(name, doc, 'TypedDict', optional, false);
  const base = `_${name}Required`;
  return [
    typedDictSource(base, `The keys of ${name} that are always present.`, 'TypedDict', required, true),
    typedDictSource(name, doc, base, optional, false),
  ].join('\n\n\n');
}

/** What a tool's method is annotated with: its TypedDicts and each argument's type, by property name. */
export interface ToolTyping {
  args: string;
  result: string;
  parameters: Map<string, string>;
}

/** The TypedDicts of every tool (Python source) and, per tool name, what its method is annotated with. */
export function pythonToolTypes(tools: ManifestTool[]): { source: string; typing: Map<string, ToolTyping> } {
  const types = new PythonTypes();
  const typing = new Map<string, ToolTyping>();
  for (const tool of tools) {
    const base = pascalCase(tool.name);
    const args = types.typedDict(
      tool.inputSchema,
      `${base}Args`,
      `${tool.name} arguments`,
      `Arguments of ${tool.name}, as a caller sends them.`,
    );
    const result = types.typedDict(
      tool.outputSchema,
      `${base}Result`,
      `${tool.name} result`,
      `Result of ${tool.name}, as the tool server answers it.`,
    );
    typing.set(tool.name, {
      args: args.name,
      result: result.name,
      parameters: new Map(args.fields.map((f) => [f.key, f.type])),
    });
  }
  return { source: types.definitions.map(definitionSource).join('\n\n\n'), typing };
}
