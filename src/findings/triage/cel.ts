// CEL expressions of triage rules through @marcbachmann/cel-js, behind a budget: the expression's size is bounded
// at parse time (nodes, depth, list sizes), which bounds each evaluation (CEL has no loops beyond macros over the
// finding's own short lists). The policies' evaluator (src/policies/) is built at the same time; the two are to be
// unified, so this module keeps its surface to compile + evaluate.
import { Environment } from '@marcbachmann/cel-js';

/** Longest expression accepted (characters). */
export const MAX_EXPRESSION_LENGTH = 2_000;

const env = new Environment({
  limits: { maxAstNodes: 400, maxDepth: 40, maxListElements: 100, maxMapEntries: 50, maxCallArguments: 8 },
})
  .registerVariable('vuln', 'map')
  .registerVariable('component', 'map')
  .registerVariable('asset', 'map');

/** What an expression sees of one finding. */
export interface CelContext {
  vuln: {
    id: string;
    aliases: string[];
    severity: string;
    severitySource: string;
    /** -1.0 when the advisory has no score. */
    cvssScore: number;
  };
  component: { name: string; version: string; purl: string; ecosystem: string };
  asset: { name: string; tags: string[] };
}

export type CelPredicate = (context: CelContext) => boolean;

/** Compiles an expression, or returns why it cannot be (a parse or type error, or over the budget). */
export function compileExpression(expression: string): CelPredicate | { error: string } {
  if (expression.length > MAX_EXPRESSION_LENGTH)
    return { error: `is longer than ${MAX_EXPRESSION_LENGTH} characters` };
  let program: (context: CelContext) => unknown;
  try {
    const parsed = env.parse(expression);
    const checked = parsed.check();
    if (!checked.valid) return { error: firstLine(checked.error) };
    program = parsed as unknown as (context: CelContext) => unknown;
  } catch (error) {
    return { error: firstLine(error) };
  }
  return (context) => {
    try {
      return program(context) === true;
    } catch {
      // A missing key or a type mismatch at run time is "does not match", never a failed triage run.
      return false;
    }
  };
}

const firstLine = (error: unknown): string =>
  (error instanceof Error ? error.message : String(error)).split('\n')[0]!.trim();
