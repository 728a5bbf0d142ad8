// The product's one CEL (Common Expression Language) dialect, through @marcbachmann/cel-js: a size budget checked
// when an expression is compiled, a bool result type, and a time budget per evaluation. Policies
// (src/policies/policy-cel.ts) and triage rules (src/findings/triage/cel.ts) each bring their own variables,
// functions and budget (CelEnvironment); nothing here knows about either.
import { Environment } from '@marcbachmann/cel-js';

/** Limits of one expression: its text, its syntax tree, and the time one evaluation may take. */
export interface CelBudget {
  /** Characters of the expression's text. */
  maxLength: number;
  /** Nodes of the parsed tree (nested comprehensions are what make an evaluation slow). */
  maxAstNodes: number;
  maxDepth: number;
  /** Elements of one list literal, entries of one map literal, arguments of one call (cel-js's defaults if unset). */
  maxListElements?: number;
  maxMapEntries?: number;
  maxCallArguments?: number;
  /** Milliseconds one evaluation may take (Infinity: no limit); see `evaluate`. */
  maxMs: number;
}

export const DEFAULT_CEL_BUDGET: CelBudget = { maxLength: 2_000, maxAstNodes: 500, maxDepth: 32, maxMs: 5 };

export interface CelFunction {
  /** cel-js signature, e.g. `matches_range(string, string): bool`. */
  signature: string;
  handler: (...args: never[]) => unknown;
}

/** An expression that compiled and type-checked; evaluate it with `CelEnvironment.evaluate`. */
export interface CompiledExpression {
  readonly text: string;
  readonly run: (context: Record<string, unknown>) => unknown;
}

export type CompileResult = { ok: true; expression: CompiledExpression } | { ok: false; error: string };
export type EvaluateResult = { ok: true; value: unknown } | { ok: false; error: string };

/** The variables (name → CEL type: `map`, `list`, `string`, …) and functions an expression may use. */
export class CelEnvironment {
  readonly #env: Environment;
  readonly #budget: CelBudget;

  constructor(
    variables: Record<string, string>,
    functions: readonly CelFunction[],
    budget: CelBudget = DEFAULT_CEL_BUDGET,
  ) {
    this.#budget = budget;
    const { maxLength: _text, maxMs: _time, ...limits } = budget;
    // List and map literals may mix types (`[1, "a"]`), as Dependency-Track's expressions may.
    let env = new Environment({ homogeneousAggregateLiterals: false, limits });
    for (const [name, type] of Object.entries(variables)) env = env.registerVariable(name, type);
    for (const fn of functions)
      env = env.registerFunction(fn.signature, fn.handler as (...args: unknown[]) => unknown);
    this.#env = env;
  }

  get budget(): CelBudget {
    return this.#budget;
  }

  /** Parses and type-checks; the error says why in words a policy author can act on. */
  compile(text: string): CompileResult {
    if (text.length > this.#budget.maxLength)
      return { ok: false, error: `is over ${this.#budget.maxLength} characters` };
    try {
      const parsed = this.#env.parse(text);
      const checked = parsed.check();
      if (!checked.valid) return { ok: false, error: `does not compile: ${firstLine(checked.error)}` };
      if (checked.type !== 'bool' && checked.type !== 'dyn')
        return { ok: false, error: `must be a bool expression, not ${checked.type}` };
      return { ok: true, expression: { text, run: (context) => parsed(context) } };
    } catch (error) {
      return { ok: false, error: `does not compile: ${firstLine(error)}` };
    }
  }

  /**
   * Runs a compiled expression. CEL has no loops and cel-js runs synchronously, so an evaluation cannot be
   * interrupted: its time is bounded by the tree size (`maxAstNodes`) times the data, measured here, and an
   * evaluation that took longer than `maxMs` is answered as an error (so a policy never holds the event loop
   * twice with the same expensive check: callers disable it for the rest of the run).
   *
   * Wall-clock time also counts waiting for a core on a loaded machine and one-time warm-up (a function's first
   * call loading its tables), so a run over the budget is measured again as this thread's CPU time: only an
   * expression whose own work is over the budget is refused, whatever the load (the rerun happens only past the
   * budget, so the usual evaluation costs no system call).
   */
  evaluate(
    expression: CompiledExpression,
    context: Record<string, unknown>,
    maxMs = this.#budget.maxMs,
  ): EvaluateResult {
    const started = performance.now();
    let value: unknown;
    try {
      value = expression.run(context);
    } catch (error) {
      return { ok: false, error: `failed: ${firstLine(error)}` };
    }
    const elapsed = performance.now() - started;
    if (elapsed > maxMs) {
      const cpu = cpuMsOf(() => expression.run(context)) ?? elapsed;
      if (cpu > maxMs)
        return { ok: false, error: `ran over its budget of ${maxMs} ms (${cpu.toFixed(1)} ms)` };
    }
    if (value instanceof Promise) return { ok: false, error: 'must not be asynchronous' };
    return { ok: true, value };
  }
}

/** Milliseconds of this thread's CPU time `work` took (undefined where Node cannot say: before 23.9). */
function cpuMsOf(work: () => unknown): number | undefined {
  if (typeof process.threadCpuUsage !== 'function') return undefined;
  const before = process.threadCpuUsage();
  try {
    work();
  } catch {
    // It ran without an error the first time; only its time is wanted here.
  }
  const spent = process.threadCpuUsage(before);
  return (spent.user + spent.system) / 1000;
}

const firstLine = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).split('\n')[0]!.slice(0, 300);
