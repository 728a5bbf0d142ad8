/** Request and response schemas of the triage-rule routes (docs/triage-rules.md). */
import { z } from 'zod';
import { AnalysisFields } from '../finding.schemas.ts';
import { JUSTIFICATIONS, RESPONSES } from './analysis.ts';
import { compileExpression, MAX_EXPRESSION_LENGTH } from './cel.ts';
import { purlPatternProblem } from './rule-match.ts';

export const RULE_STATUSES = ['false_positive', 'accepted_risk', 'mitigated'] as const;

const text = (max: number) => z.string().min(1).max(max);
const list = (item: z.ZodType<string>) => z.array(item).min(1).max(1_000).optional();

const Match = z
  .object({
    vulnerabilityIds: list(text(200)),
    purls: list(
      text(4_096).superRefine((pattern, ctx) => {
        const problem = purlPatternProblem(pattern);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
    ),
    assetNames: list(text(1_024)),
    tags: list(text(200)),
    expression: z
      .string()
      .min(1)
      .max(MAX_EXPRESSION_LENGTH)
      .superRefine((expression, ctx) => {
        const compiled = compileExpression(expression);
        if (typeof compiled !== 'function')
          ctx.addIssue({ code: 'custom', message: `invalid CEL: ${compiled.error}` });
      })
      .optional(),
  })
  .strict();

export const RuleBody = z
  .object({
    name: text(200),
    match: Match,
    analysis: z
      .object({
        status: z.enum(RULE_STATUSES),
        justification: z.enum(JUSTIFICATIONS).optional(),
        response: z
          .array(z.enum(RESPONSES))
          .max(RESPONSES.length)
          .refine((r) => new Set(r).size === r.length, 'must not repeat a response')
          .optional(),
        detail: text(10_000),
      })
      .strict(),
    validFrom: z.iso.datetime({ offset: true }).optional(),
    validUntil: z.iso.datetime({ offset: true }).optional(),
    priority: z.number().int().min(0).max(100).default(50),
  })
  .strict();
export type RuleInput = z.infer<typeof RuleBody>;

export const RuleParams = z.object({ ruleId: z.string().min(1).max(100) }).strict();

export const TriageRule = z.object({
  id: z.string(),
  name: z.string(),
  match: z.object({
    vulnerabilityIds: z.array(z.string()).optional(),
    purls: z.array(z.string()).optional(),
    assetNames: z.array(z.string()).optional(),
    tags: z.array(z.string()).optional(),
    expression: z.string().optional(),
  }),
  analysis: z.object({
    status: z.enum(RULE_STATUSES),
    justification: AnalysisFields.justification,
    response: z.array(z.enum(RESPONSES)),
    detail: z.string(),
  }),
  validFrom: z.string().nullable(),
  validUntil: z.string().nullable(),
  priority: z.number().int(),
  /** Whether the rule is in force now (started, not ended). */
  active: z.boolean(),
  createdBy: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** What saving or deleting a rule did to the findings. */
export const RuleEffect = z.object({ triaged: z.number().int(), reopened: z.number().int() });

export const RuleWithEffect = TriageRule.extend({ effect: RuleEffect });

export const RulePreview = z.object({
  /** Open (or rule-triaged) findings the rule's match selects. */
  matching: z.number().int(),
  /** Those it would change: not already its own, and no rule of higher precedence takes them. */
  wouldChange: z.number().int(),
  /** Up to 100 of those it would change. */
  findings: z.array(
    z.object({
      id: z.string(),
      vulnerabilityId: z.string(),
      component: z.object({ name: z.string(), version: z.string().nullable(), purl: z.string().nullable() }),
      assetName: z.string(),
      status: z.string(),
      triageRuleId: z.string().nullable(),
    }),
  ),
});
