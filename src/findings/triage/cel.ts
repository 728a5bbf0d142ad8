// The CEL bindings of triage rules: the variables an expression sees of one finding and the rules' budget, over the
// product's one CEL module (src/shared/cel.ts, which the policies' expressions use too).
import { CelEnvironment, type CelBudget } from '../../shared/cel.ts';

/** Longest expression accepted (characters). */
export const MAX_EXPRESSION_LENGTH = 2_000;

/**
 * The expression's size bounds each evaluation (CEL has no loops beyond macros over the finding's own short lists),
 * so an evaluation has no time limit: a rule matching or not must not depend on the machine's load.
 */
const TRIAGE_BUDGET: CelBudget = {
  maxLength: MAX_EXPRESSION_LENGTH,
  maxAstNodes: 400,
  maxDepth: 40,
  maxListElements: 100,
  maxMapEntries: 50,
  maxCallArguments: 8,
  maxMs: Number.POSITIVE_INFINITY,
};

const triageCel = new CelEnvironment({ vuln: 'map', component: 'map', asset: 'map' }, [], TRIAGE_BUDGET);

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

/** Compiles an expression, or returns why it cannot be (a parse or type error, not bool, or over the budget). */
export function compileExpression(expression: string): CelPredicate | { error: string } {
  const compiled = triageCel.compile(expression);
  if (!compiled.ok) return { error: compiled.error };
  // A missing key or a type mismatch at run time is "does not match", never a failed triage run.
  return (context) => {
    const result = triageCel.evaluate(compiled.expression, context as unknown as Record<string, unknown>);
    return result.ok && result.value === true;
  };
}
