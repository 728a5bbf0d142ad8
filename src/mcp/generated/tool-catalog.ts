// Generated from manifest/tools.yaml by scripts/generate.ts (npm run generate): do not edit.
// The tool server registers exactly these tools (src/mcp/tool-server.ts).

export interface ToolDefinition {
  name: string;
  title: string;
  description: string;
  scope: 'mcp:read' | 'mcp:write';
  readOnly: boolean;
  inputSchema: Record<string, unknown>;
  /** What clients see: the success shape (error results carry no structuredContent). */
  outputSchema: Record<string, unknown>;
}

export const TOOL_NAMES = [
  'access_anomaly_discovery',
  'access_concentration',
  'access_department_risk',
  'access_high_risk_lifecycle',
  'access_normalization_health',
  'access_offboarding_violations',
  'access_privileged_delta',
  'access_reviews_list',
  'access_security_debt_trend',
  'access_stale_accounts',
  'asset_overview',
  'audit_trail_search',
  'evidence_log',
  'findings_search',
  'iso_controls_list',
  'iso_gap_status',
  'iso_soa_summary',
  'maturity_scores',
  'policy_violations',
  'posture_summary',
  'remediation_plan',
  'risk_create_draft',
  'risk_get',
  'risk_register_list',
  'sbom_list',
  'supplier_assessment_status',
  'supplier_list',
  'uar_status',
] as const;
export type ToolName = (typeof TOOL_NAMES)[number];

export const TOOL_CATALOG: readonly ToolDefinition[] = [
  {
    name: 'access_anomaly_discovery',
    title: 'Access anomalies',
    description:
      "Finds unusual access in the governed workforce: accounts not correlated to any identity, grants that break separation-of-duty rules, privileged access held outside the holder's usual department. One item per anomaly with its kind, severity and the identity/account ids involved. Identities are masked.",
    scope: 'mcp:read',
    readOnly: true,
    inputSchema: {
      type: 'object',
      properties: {},
      additionalProperties: false,
    },
    outputSchema: {
      type: 'object',
      required: ['items', 'total'],
      properties: {
        items: {
          type: 'array',
          items: {
            type: 'object',
            additionalProperties: true,
          },
        },
        total: {
          type: 'integer',
          minimum: 0,
          description: 'Number of items in this result',
        },
        note: {
          type: 'string',
          description:
            'Present when the organisation has no governance data yet; the result is then empty, not estimated.',
        },
      },
    },
  },
  {
    name: 'access_concentration',
    title: 'Access concentration',
    description:
      'Shows where privileged entitlements are concentrated: identities holding the most privileged grants and entitlements held by very few or very many identities (key-person risk), and separation-of-duty violations (terminated identities and owned service/shared accounts included) with the exception in force, if any (mitigating control, approver, expiry). Identities are masked.',
    scope: 'mcp:read',
    readOnly: true,
    inputSchema: {
      type: 'object',
      properties: {},
      additionalProperties: false,
    },
    outputSchema: {
      type: 'object',
      required: ['items', 'total'],
      properties: {
        items: {
          type: 'array',
          items: {
            type: 'object',
            additionalProperties: true,
          },
          description: 'Concentration outliers, highest ratio first',
        },
        total: {
          type: 'integer',
          minimum: 0,
        },
        privilegedOutliers: {
          type: 'integer',
          minimum: 0,
        },
        singleHolders: {
          type: 'object',
          additionalProperties: true,
        },
        sodViolations: {
          type: 'object',
          additionalProperties: true,
          properties: {
            total: {
              type: 'integer',
              minimum: 0,
            },
            withException: {
              type: 'integer',
              minimum: 0,
              description: 'Violations covered by an exception in force',
            },
            withoutException: {
              type: 'integer',
              minimum: 0,
            },
            terminatedIdentities: {
              type: 'integer',
              minimum: 0,
            },
            throughOwnedAccounts: {
              type: 'integer',
              minimum: 0,
            },
            items: {
              type: 'array',
              items: {
                type: 'object',
                additionalProperties: true,
              },
            },
          },
        },
        note: {
          type: 'string',
          description:
            'Present when the organisation has no governance data yet; the result is then empty, not estimated.',
        },
      },
    },
  },
  {
    name: 'access_department_risk',
    title: 'Access risk by department',
    description:
      'Access risk rolled up per department: identities, privileged grants, stale accounts, open violations and a risk score per department, highest risk first. Identities are masked.',
    scope: 'mcp:read',
    readOnly: true,
    inputSchema: {
      type: 'object',
      properties: {},
      additionalProperties: false,
    },
    outputSchema: {
      type: 'object',
      required: ['items', 'total'],
      properties: {
        items: {
          type: 'array',
          items: {
            type: 'object',
            additionalProperties: true,
          },
        },
        total: {
          type: 'integer',
          minimum: 0,
          description: 'Number of items in this result',
        },
        note: {
          type: 'string',
          description:
            'Present when the organisation has no governance data yet; the result is then empty, not estimated.',
        },
      },
    },
  },
  {
    name: 'access_high_risk_lifecycle',
    title: 'High-risk access lifecycle',
    description:
      "Privileged grants with lifecycle problems: granted without a review, never used, or kept after a role or department change, counted by the holder's stage (joiner, mover, leave, leaver, steady, unowned). Disabled accounts still carrying grants and logins during leave are reported on their own. Identities are masked.",
    scope: 'mcp:read',
    readOnly: true,
    inputSchema: {
      type: 'object',
      properties: {},
      additionalProperties: false,
    },
    outputSchema: {
      type: 'object',
      required: ['items', 'total'],
      properties: {
        items: {
          type: 'array',
          items: {
            type: 'object',
            additionalProperties: true,
          },
          description: 'High-risk grants unused for 90+ days or never used',
        },
        total: {
          type: 'integer',
          minimum: 0,
        },
        highRiskGrants: {
          type: 'integer',
          minimum: 0,
          description: 'On enabled accounts',
        },
        byStage: {
          type: 'object',
          additionalProperties: {
            type: 'integer',
          },
        },
        disabledAccounts: {
          type: 'object',
          additionalProperties: true,
          description: 'Disabled accounts with active grants',
        },
        leave: {
          type: 'object',
          additionalProperties: true,
          description: 'Identities on leave and logins during leave',
        },
        note: {
          type: 'string',
          description:
            'Present when the organisation has no governance data yet; the result is then empty, not estimated.',
        },
      },
    },
  },
  {
    name: 'access_normalization_health',
    title: 'Identity normalization health',
    description:
      'How well accounts are correlated to identities: account totals, correlated and uncorrelated counts and the correlation rate per system. Use it to judge how far the other access tools can be trusted.',
    scope: 'mcp:read',
    readOnly: true,
    inputSchema: {
      type: 'object',
      properties: {},
      additionalProperties: false,
    },
    outputSchema: {
      type: 'object',
      properties: {
        totalAccounts: {
          type: 'integer',
          minimum: 0,
          description: 'Active accounts of every type (human and non-human)',
        },
        correlatedAccounts: {
          type: 'integer',
          minimum: 0,
        },
        uncorrelatedAccounts: {
          type: 'integer',
          minimum: 0,
        },
        correlationRate: {
          type: 'number',
          minimum: 0,
          maximum: 100,
          description: 'Percentage of correlated accounts',
        },
        systems: {
          type: 'array',
          items: {
            type: 'object',
            additionalProperties: true,
          },
        },
        identitiesMissingAttributes: {
          type: 'object',
          additionalProperties: true,
          description:
            'Active identities missing department, title or manager (department heads need no manager)',
        },
        note: {
          type: 'string',
          description:
            'Present when the organisation has no governance data yet; the result is then empty, not estimated.',
        },
      },
    },
  },
  {
    name: 'access_offboarding_violations',
    title: 'Offboarding violations',
    description:
      "Accounts that stayed active after their identity left the organisation, beyond the organisation's offboarding deadline: one item per account with the leave date and days overdue. Identities are masked.",
    scope: 'mcp:read',
    readOnly: true,
    inputSchema: {
      type: 'object',
      properties: {},
      additionalProperties: false,
    },
    outputSchema: {
      type: 'object',
      required: ['items', 'total'],
      properties: {
        items: {
          type: 'array',
          items: {
            type: 'object',
            additionalProperties: true,
          },
        },
        total: {
          type: 'integer',
          minimum: 0,
          description: 'Number of items in this result',
        },
        note: {
          type: 'string',
          description:
            'Present when the organisation has no governance data yet; the result is then empty, not estimated.',
        },
      },
    },
  },
  {
    name: 'access_privileged_delta',
    title: 'Privileged access changes (30 days)',
    description:
      'Privileged grants added and removed during the last 30 days: one item per change (granted or revoked) with the entitlement, system and date. Identities are masked.',
    scope: 'mcp:read',
    readOnly: true,
    inputSchema: {
      type: 'object',
      properties: {},
      additionalProperties: false,
    },
    outputSchema: {
      type: 'object',
      required: ['windowDays', 'items', 'total'],
      properties: {
        windowDays: {
          type: 'integer',
          const: 30,
        },
        items: {
          type: 'array',
          items: {
            type: 'object',
            additionalProperties: true,
          },
        },
        total: {
          type: 'integer',
          minimum: 0,
        },
        note: {
          type: 'string',
          description:
            'Present when the organisation has no governance data yet; the result is then empty, not estimated.',
        },
      },
    },
  },
  {
    name: 'access_reviews_list',
    title: 'Access review campaigns',
    description:
      "User access review campaigns with their status, due date, reviewer and progress (items decided out of items total; a self-review is not a decision), self-reviews, reviewers inside the reviewed identity's manager chain and decisions recorded without evidence. Reviewer identities are masked.",
    scope: 'mcp:read',
    readOnly: true,
    inputSchema: {
      type: 'object',
      properties: {},
      additionalProperties: false,
    },
    outputSchema: {
      type: 'object',
      required: ['items', 'total'],
      properties: {
        items: {
          type: 'array',
          items: {
            type: 'object',
            additionalProperties: true,
          },
        },
        total: {
          type: 'integer',
          minimum: 0,
          description: 'Number of items in this result',
        },
        note: {
          type: 'string',
          description:
            'Present when the organisation has no governance data yet; the result is then empty, not estimated.',
        },
      },
    },
  },
  {
    name: 'access_security_debt_trend',
    title: 'Access security debt trend',
    description:
      'Monthly trend of access security debt (offboarding misses, overdue review remediations, expired grants, separation-of-duty conflicts, stale privileged accounts, unreviewed privileged grants) over the last `months` months, oldest month first: open at each month end by severity and by kind, opened and closed.',
    scope: 'mcp:read',
    readOnly: true,
    inputSchema: {
      type: 'object',
      properties: {
        months: {
          type: 'integer',
          minimum: 1,
          maximum: 24,
          default: 6,
          description: 'Number of calendar months to cover, including the current one (1–24, default 6).',
        },
      },
      additionalProperties: false,
    },
    outputSchema: {
      type: 'object',
      required: ['months', 'items', 'total'],
      properties: {
        months: {
          type: 'integer',
          minimum: 1,
          maximum: 24,
        },
        items: {
          type: 'array',
          items: {
            type: 'object',
            additionalProperties: true,
          },
          description: 'One point per month (YYYY-MM), oldest first',
        },
        total: {
          type: 'integer',
          minimum: 0,
        },
        note: {
          type: 'string',
          description:
            'Present when the organisation has no governance data yet; the result is then empty, not estimated.',
        },
      },
    },
  },
  {
    name: 'access_stale_accounts',
    title: 'Stale accounts',
    description:
      "Active accounts not used for longer than the organisation's stale-account threshold: one item per account with its system, last use and days idle, longest idle first. Identities are masked.",
    scope: 'mcp:read',
    readOnly: true,
    inputSchema: {
      type: 'object',
      properties: {},
      additionalProperties: false,
    },
    outputSchema: {
      type: 'object',
      required: ['items', 'total'],
      properties: {
        items: {
          type: 'array',
          items: {
            type: 'object',
            additionalProperties: true,
          },
        },
        total: {
          type: 'integer',
          minimum: 0,
          description: 'Number of items in this result',
        },
        note: {
          type: 'string',
          description:
            'Present when the organisation has no governance data yet; the result is then empty, not estimated.',
        },
      },
    },
  },
  {
    name: 'asset_overview',
    title: 'Asset overview',
    description:
      "One asset (the SBOMs sharing an asset name are its versions): its versions newest first, the open findings of its latest version by severity (with how many are in CISA's KEV catalog) and its latest version's open policy violations by state. An unknown asset is NOT_FOUND. Only available where the organisation enabled the supply-chain tools.",
    scope: 'mcp:read',
    readOnly: true,
    inputSchema: {
      type: 'object',
      required: ['assetName'],
      properties: {
        assetName: {
          type: 'string',
          minLength: 1,
          maxLength: 200,
        },
      },
      additionalProperties: false,
    },
    outputSchema: {
      type: 'object',
      required: ['assetName', 'latestSbomId', 'versions', 'openFindings', 'openViolations'],
      properties: {
        assetName: {
          type: 'string',
        },
        latestSbomId: {
          type: 'string',
        },
        versions: {
          type: 'array',
          items: {
            type: 'object',
            required: ['sbomId', 'createdAt'],
            properties: {
              version: {
                type: 'string',
              },
              sbomId: {
                type: 'string',
              },
              createdAt: {
                type: 'string',
                format: 'date-time',
              },
            },
          },
        },
        openFindings: {
          type: 'object',
          required: ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW', 'total', 'kev'],
          properties: {
            CRITICAL: {
              type: 'integer',
              minimum: 0,
            },
            HIGH: {
              type: 'integer',
              minimum: 0,
            },
            MEDIUM: {
              type: 'integer',
              minimum: 0,
            },
            LOW: {
              type: 'integer',
              minimum: 0,
            },
            total: {
              type: 'integer',
              minimum: 0,
            },
            kev: {
              type: 'integer',
              minimum: 0,
            },
          },
        },
        openViolations: {
          type: 'object',
          description: 'Open policy violations of the latest version by state (fail, warn, info)',
          required: ['fail', 'warn', 'info', 'total'],
          properties: {
            fail: {
              type: 'integer',
              minimum: 0,
            },
            warn: {
              type: 'integer',
              minimum: 0,
            },
            info: {
              type: 'integer',
              minimum: 0,
            },
            total: {
              type: 'integer',
              minimum: 0,
            },
          },
        },
      },
    },
  },
  {
    name: 'audit_trail_search',
    title: 'Search the audit trail',
    description:
      'Pages through the organisation\'s audit trail, newest entry first. Each entry has its id (aud_<id>), the dotted action (<entity>.<verb>, e.g. vendor.create), the actor (masked e-mail, or "system") and the time. Filter by one actor with its exact user id (usr_<id>). `total` is the full count of matching entries; fetch further pages with `offset` (the only tool with real pagination).',
    scope: 'mcp:read',
    readOnly: true,
    inputSchema: {
      type: 'object',
      properties: {
        actorId: {
          type: 'string',
          minLength: 1,
          maxLength: 100,
          description: 'Exact actor id (usr_<id>, or "system"); omit to list every actor.',
        },
        limit: {
          type: 'integer',
          minimum: 1,
          maximum: 200,
          default: 50,
          description: 'Page size (1–200, default 50).',
        },
        offset: {
          type: 'integer',
          minimum: 0,
          maximum: 100000000,
          default: 0,
          description: 'Entries to skip (default 0).',
        },
      },
      additionalProperties: false,
    },
    outputSchema: {
      type: 'object',
      required: ['items', 'total', 'limit', 'offset'],
      properties: {
        items: {
          type: 'array',
          items: {
            type: 'object',
            required: ['id', 'action', 'actor', 'at'],
            properties: {
              id: {
                type: 'string',
                description: 'aud_<id>',
              },
              action: {
                type: 'string',
              },
              actor: {
                type: 'string',
                description: 'Masked identity of the actor',
              },
              at: {
                type: 'string',
                format: 'date-time',
              },
            },
          },
        },
        total: {
          type: 'integer',
          minimum: 0,
          description: 'Full count of matching entries',
        },
        limit: {
          type: 'integer',
        },
        offset: {
          type: 'integer',
        },
      },
    },
  },
  {
    name: 'evidence_log',
    title: 'Evidence log',
    description:
      "The latest compliance evidence records of an ISO 27001 project (at most 50, newest first, no continuation): title, status, linked control, collection and expiry dates and who collected it; counts by status and, for accepted evidence, by expiry. Without projectId the organisation's first active ISO project is used (none: an empty log). Identities are masked.",
    scope: 'mcp:read',
    readOnly: true,
    inputSchema: {
      type: 'object',
      properties: {
        projectId: {
          type: 'string',
          minLength: 1,
          maxLength: 100,
          description:
            "ISO 27001 project id (iso_<id>). Omit to use the organisation's first active ISO project.",
        },
      },
      additionalProperties: false,
    },
    outputSchema: {
      type: 'object',
      required: ['items', 'total'],
      properties: {
        projectId: {
          type: 'string',
        },
        items: {
          type: 'array',
          items: {
            type: 'object',
            additionalProperties: true,
          },
        },
        total: {
          type: 'integer',
          minimum: 0,
        },
        byStatus: {
          type: 'object',
          additionalProperties: {
            type: 'integer',
          },
        },
        accepted: {
          type: 'object',
          additionalProperties: {
            type: 'integer',
          },
          description: 'Accepted evidence by expiry',
        },
        expired: {
          type: 'integer',
          minimum: 0,
          description: 'Accepted evidence past its expiry',
        },
        expiringSoon: {
          type: 'integer',
          minimum: 0,
        },
        note: {
          type: 'string',
          description:
            'Present when the organisation has no governance data yet; the result is then empty, not estimated.',
        },
      },
    },
  },
  {
    name: 'findings_search',
    title: 'Search vulnerability findings',
    description:
      "Vulnerability findings of the organisation's SBOMs, newest first, a page at a time: filter by status (open by default), severities, CISA KEV membership, a minimum EPSS score, an asset (its latest SBOM), a vulnerability id or alias, or text in the component name or purl. Pass nextCursor back as cursor for the next page. Only available where the organisation enabled the supply-chain tools.",
    scope: 'mcp:read',
    readOnly: true,
    inputSchema: {
      type: 'object',
      properties: {
        status: {
          type: 'string',
          enum: ['open', 'mitigated', 'accepted_risk', 'false_positive', 'fixed'],
          description: 'Default open',
        },
        severity: {
          type: 'array',
          items: {
            type: 'string',
            enum: ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW'],
          },
          description: 'Any of these severities',
        },
        kev: {
          type: 'boolean',
          description: "Only findings in CISA's Known Exploited Vulnerabilities catalog",
        },
        epssMin: {
          type: 'number',
          minimum: 0,
          maximum: 1,
          description: 'Minimum EPSS probability (0–1)',
        },
        assetName: {
          type: 'string',
          minLength: 1,
          maxLength: 200,
          description: "The asset's latest SBOM only",
        },
        vulnerabilityId: {
          type: 'string',
          minLength: 1,
          maxLength: 200,
          description: 'CVE-…, GHSA-… or another alias',
        },
        q: {
          type: 'string',
          minLength: 1,
          maxLength: 200,
          description: 'Text in the component name or purl',
        },
        limit: {
          type: 'integer',
          minimum: 1,
          maximum: 100,
          description: 'Findings per page (default 25)',
        },
        cursor: {
          type: 'string',
          minLength: 1,
          maxLength: 500,
          description: 'nextCursor of the previous page',
        },
      },
      additionalProperties: false,
    },
    outputSchema: {
      type: 'object',
      required: ['items', 'count'],
      properties: {
        items: {
          type: 'array',
          items: {
            type: 'object',
            required: [
              'id',
              'vulnerabilityId',
              'severity',
              'status',
              'sbomId',
              'component',
              'kev',
              'fixedVersions',
            ],
            properties: {
              id: {
                type: 'string',
                description: 'fnd_<id>',
              },
              vulnerabilityId: {
                type: 'string',
              },
              aliases: {
                type: 'array',
                items: {
                  type: 'string',
                },
              },
              summary: {
                type: 'string',
              },
              severity: {
                type: 'string',
                enum: ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW'],
              },
              status: {
                type: 'string',
                enum: ['open', 'mitigated', 'accepted_risk', 'false_positive', 'fixed'],
              },
              sbomId: {
                type: 'string',
              },
              component: {
                type: 'object',
                required: ['name'],
                properties: {
                  name: {
                    type: 'string',
                  },
                  version: {
                    type: 'string',
                  },
                  purl: {
                    type: 'string',
                  },
                },
              },
              kev: {
                type: 'boolean',
                description: "In CISA's KEV catalog",
              },
              epss: {
                type: 'number',
                minimum: 0,
                maximum: 1,
                description: 'Highest EPSS probability of the id and its aliases',
              },
              fixedVersions: {
                type: 'array',
                items: {
                  type: 'string',
                },
              },
            },
          },
        },
        count: {
          type: 'integer',
          minimum: 0,
          description: 'Findings on this page',
        },
        nextCursor: {
          type: 'string',
          description: 'Absent on the last page',
        },
      },
    },
  },
  {
    name: 'iso_controls_list',
    title: 'ISO 27001 controls',
    description:
      "The ISO/IEC 27001:2022 Annex A controls (A.5.1–A.8.34) of a project with their applicability, implementation status and maturity. Without projectId the organisation's first active ISO project is used.",
    scope: 'mcp:read',
    readOnly: true,
    inputSchema: {
      type: 'object',
      properties: {
        projectId: {
          type: 'string',
          minLength: 1,
          maxLength: 100,
          description:
            "ISO 27001 project id (iso_<id>). Omit to use the organisation's first active ISO project.",
        },
      },
      additionalProperties: false,
    },
    outputSchema: {
      type: 'object',
      required: ['items', 'total'],
      properties: {
        projectId: {
          type: 'string',
          description: 'The project the controls belong to; absent when there is none',
        },
        items: {
          type: 'array',
          items: {
            type: 'object',
            additionalProperties: true,
          },
        },
        total: {
          type: 'integer',
          minimum: 0,
        },
        note: {
          type: 'string',
          description:
            'Present when the organisation has no governance data yet; the result is then empty, not estimated.',
        },
      },
    },
  },
  {
    name: 'iso_gap_status',
    title: 'ISO 27001 gap status',
    description:
      "Gap analysis of an ISO 27001 project: applicable controls by implementation status, evidence coverage (applicable controls with current accepted evidence, with only expired or pending evidence, without any) and the largest gaps. Without projectId the organisation's first active ISO project is used.",
    scope: 'mcp:read',
    readOnly: true,
    inputSchema: {
      type: 'object',
      properties: {
        projectId: {
          type: 'string',
          minLength: 1,
          maxLength: 100,
          description:
            "ISO 27001 project id (iso_<id>). Omit to use the organisation's first active ISO project.",
        },
      },
      additionalProperties: false,
    },
    outputSchema: {
      type: 'object',
      properties: {
        projectId: {
          type: 'string',
        },
        evidenceCoverage: {
          type: 'object',
          additionalProperties: true,
        },
        note: {
          type: 'string',
          description:
            'Present when the organisation has no governance data yet; the result is then empty, not estimated.',
        },
      },
      additionalProperties: true,
    },
  },
  {
    name: 'iso_soa_summary',
    title: 'Statement of applicability summary',
    description:
      "Summary of an ISO 27001 project's statement of applicability: applicable and excluded controls (with justifications counted), implementation status and average maturity per Annex A theme, completeness (undecided controls, applicable ones without justification), the SoA version and approval date, and the links from applicable controls to the risks they treat. Without projectId the organisation's first active ISO project is used.",
    scope: 'mcp:read',
    readOnly: true,
    inputSchema: {
      type: 'object',
      properties: {
        projectId: {
          type: 'string',
          minLength: 1,
          maxLength: 100,
          description:
            "ISO 27001 project id (iso_<id>). Omit to use the organisation's first active ISO project.",
        },
      },
      additionalProperties: false,
    },
    outputSchema: {
      type: 'object',
      properties: {
        projectId: {
          type: 'string',
        },
        completeness: {
          type: 'object',
          additionalProperties: true,
        },
        version: {
          type: 'string',
        },
        approvedAt: {
          type: 'string',
        },
        riskLinks: {
          type: 'object',
          additionalProperties: true,
        },
        note: {
          type: 'string',
          description:
            'Present when the organisation has no governance data yet; the result is then empty, not estimated.',
        },
      },
      additionalProperties: true,
    },
  },
  {
    name: 'maturity_scores',
    title: 'Maturity scores',
    description: 'The latest maturity scores (0–5) per control domain, a capped set without continuation.',
    scope: 'mcp:read',
    readOnly: true,
    inputSchema: {
      type: 'object',
      properties: {},
      additionalProperties: false,
    },
    outputSchema: {
      type: 'object',
      required: ['items', 'total'],
      properties: {
        items: {
          type: 'array',
          items: {
            type: 'object',
            additionalProperties: true,
          },
        },
        total: {
          type: 'integer',
          minimum: 0,
          description: 'Number of items in this result',
        },
        note: {
          type: 'string',
          description:
            'Present when the organisation has no governance data yet; the result is then empty, not estimated.',
        },
      },
    },
  },
  {
    name: 'policy_violations',
    title: 'Policy violations',
    description:
      "Policy violations (license, security and operational policies) of the organisation's SBOMs, newest first, a page at a time: each names the policy, its state (fail, warn or info), the component and why it violates. Filter by status (open by default; suppressed ones carry the comment that suppressed them), an asset (its latest SBOM) or an SBOM id, state, kind or policy id. Pass nextCursor back as cursor for the next page. An unknown asset or SBOM is NOT_FOUND. Only available where the organisation enabled the supply-chain tools.",
    scope: 'mcp:read',
    readOnly: true,
    inputSchema: {
      type: 'object',
      properties: {
        status: {
          type: 'string',
          enum: ['open', 'suppressed'],
          description: 'Default open',
        },
        assetName: {
          type: 'string',
          minLength: 1,
          maxLength: 200,
          description: "The asset's latest SBOM only",
        },
        sbomId: {
          type: 'string',
          minLength: 1,
          maxLength: 100,
          description: 'sbom_<id>: this SBOM only',
        },
        state: {
          type: 'string',
          enum: ['fail', 'warn', 'info'],
        },
        kind: {
          type: 'string',
          enum: ['license', 'security', 'operational'],
        },
        policyId: {
          type: 'string',
          minLength: 1,
          maxLength: 100,
          description: 'pol_<id>',
        },
        limit: {
          type: 'integer',
          minimum: 1,
          maximum: 100,
          description: 'Violations per page (default 25)',
        },
        cursor: {
          type: 'string',
          minLength: 1,
          maxLength: 100,
          description: 'nextCursor of the previous page',
        },
      },
      additionalProperties: false,
    },
    outputSchema: {
      type: 'object',
      required: ['items', 'count'],
      properties: {
        items: {
          type: 'array',
          items: {
            type: 'object',
            required: [
              'id',
              'policyId',
              'policyName',
              'kind',
              'state',
              'component',
              'sbomId',
              'reason',
              'status',
              'createdAt',
            ],
            properties: {
              id: {
                type: 'string',
                description: 'pvl_<id>',
              },
              policyId: {
                type: 'string',
                description: 'pol_<id>',
              },
              policyName: {
                type: 'string',
              },
              kind: {
                type: 'string',
                enum: ['license', 'security', 'operational'],
              },
              state: {
                type: 'string',
                enum: ['fail', 'warn', 'info'],
              },
              component: {
                type: 'object',
                required: ['name'],
                properties: {
                  name: {
                    type: 'string',
                  },
                  version: {
                    type: 'string',
                  },
                  purl: {
                    type: 'string',
                  },
                },
              },
              sbomId: {
                type: 'string',
              },
              findingId: {
                type: 'string',
                description: 'fnd_<id>, when the condition is about a vulnerability',
              },
              reason: {
                type: 'string',
              },
              status: {
                type: 'string',
                enum: ['open', 'suppressed'],
              },
              comment: {
                type: 'string',
                description: 'Why it was suppressed (or reopened)',
              },
              createdAt: {
                type: 'string',
                format: 'date-time',
              },
            },
          },
        },
        count: {
          type: 'integer',
          minimum: 0,
          description: 'Violations on this page',
        },
        nextCursor: {
          type: 'string',
          description: 'Absent on the last page',
        },
      },
    },
  },
  {
    name: 'posture_summary',
    title: 'Security posture summary',
    description:
      "One roll-up of the organisation's security and compliance posture: access hygiene, review progress, ISO readiness, open risks and supplier assessment coverage. Start here for an overview.",
    scope: 'mcp:read',
    readOnly: true,
    inputSchema: {
      type: 'object',
      properties: {},
      additionalProperties: false,
    },
    outputSchema: {
      type: 'object',
      properties: {
        note: {
          type: 'string',
          description:
            'Present when the organisation has no governance data yet; the result is then empty, not estimated.',
        },
      },
      additionalProperties: true,
    },
  },
  {
    name: 'remediation_plan',
    title: 'Remediation plan',
    description:
      "What to upgrade in one SBOM (give sbomId) or in an asset's latest SBOM (give assetName; exactly one of the two): per vulnerable package and version, the lowest version the advisories name that fixes its open findings (or the one fixing most, with how many remain), what it fixes by severity and KEV, and the direct dependencies that bring the package in; most valuable first (KEV fixes, then CRITICAL, HIGH, …). No package registry is consulted. At most 100 packages are returned; total counts all and truncated says whether some were left out. Only available where the organisation enabled the supply-chain tools.",
    scope: 'mcp:read',
    readOnly: true,
    inputSchema: {
      type: 'object',
      properties: {
        sbomId: {
          type: 'string',
          minLength: 1,
          maxLength: 100,
          description: 'sbom_<id>',
        },
        assetName: {
          type: 'string',
          minLength: 1,
          maxLength: 200,
          description: "The asset's latest SBOM",
        },
      },
      additionalProperties: false,
    },
    outputSchema: {
      type: 'object',
      required: ['sbomId', 'items', 'total', 'truncated'],
      properties: {
        sbomId: {
          type: 'string',
          description: 'The SBOM the plan is for',
        },
        items: {
          type: 'array',
          items: {
            type: 'object',
            required: ['purl', 'currentVersion', 'fixes', 'remaining', 'findingIds', 'introducedBy'],
            properties: {
              purl: {
                type: 'string',
                description: 'The package (purl without version)',
              },
              currentVersion: {
                type: 'string',
              },
              targetVersion: {
                type: 'string',
                description:
                  'The version to upgrade to; absent when the advisories name none (see targetAbove)',
              },
              targetAbove: {
                type: 'string',
                description:
                  'Present when the fix is any version above this one (the ecosystem cannot name the next)',
              },
              fixes: {
                type: 'object',
                required: ['total', 'bySeverity', 'kev'],
                properties: {
                  total: {
                    type: 'integer',
                    minimum: 0,
                  },
                  bySeverity: {
                    type: 'object',
                    required: ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW'],
                    properties: {
                      CRITICAL: {
                        type: 'integer',
                        minimum: 0,
                      },
                      HIGH: {
                        type: 'integer',
                        minimum: 0,
                      },
                      MEDIUM: {
                        type: 'integer',
                        minimum: 0,
                      },
                      LOW: {
                        type: 'integer',
                        minimum: 0,
                      },
                    },
                  },
                  kev: {
                    type: 'integer',
                    minimum: 0,
                  },
                },
              },
              remaining: {
                type: 'integer',
                minimum: 0,
                description: 'Open findings the target leaves',
              },
              findingIds: {
                type: 'array',
                items: {
                  type: 'string',
                },
              },
              introducedBy: {
                type: 'array',
                items: {
                  type: 'string',
                },
                description: 'Direct dependencies (purls) that bring it in',
              },
            },
          },
        },
        total: {
          type: 'integer',
          minimum: 0,
        },
        truncated: {
          type: 'boolean',
        },
      },
    },
  },
  {
    name: 'risk_create_draft',
    title: 'Draft a risk',
    description:
      "Creates a DRAFT risk in the organisation's risk register (status draft) for a human to review and approve; drafts do not appear in risk_register_list until approved. Only the title is required. Needs the mcp:write scope and write access enabled for the organisation (otherwise NOT_PERMITTED). The creation is audited.",
    scope: 'mcp:write',
    readOnly: false,
    inputSchema: {
      type: 'object',
      required: ['title'],
      properties: {
        title: {
          type: 'string',
          minLength: 1,
          maxLength: 200,
          description: 'Short name of the risk',
        },
        description: {
          type: 'string',
          maxLength: 4000,
        },
        category: {
          type: 'string',
          minLength: 1,
          maxLength: 100,
          description: 'e.g. access, supplier, availability',
        },
        likelihood: {
          type: 'integer',
          minimum: 1,
          maximum: 5,
        },
        impact: {
          type: 'integer',
          minimum: 1,
          maximum: 5,
        },
        treatment: {
          type: 'string',
          enum: ['mitigate', 'accept', 'transfer', 'avoid'],
        },
      },
      additionalProperties: false,
    },
    outputSchema: {
      type: 'object',
      required: ['id', 'title', 'status', 'createdBy', 'createdAt', 'updatedAt'],
      properties: {
        id: {
          type: 'string',
          description: 'risk_<id>',
        },
        title: {
          type: 'string',
        },
        description: {
          type: 'string',
        },
        category: {
          type: 'string',
        },
        ownerUserId: {
          type: 'string',
          description: 'usr_<id> of the risk owner',
        },
        likelihood: {
          type: 'integer',
          minimum: 1,
          maximum: 5,
        },
        impact: {
          type: 'integer',
          minimum: 1,
          maximum: 5,
        },
        score: {
          type: 'integer',
          description: 'likelihood × impact (1–25); absent until both are set',
        },
        treatment: {
          type: 'string',
          enum: ['mitigate', 'accept', 'transfer', 'avoid'],
        },
        status: {
          type: 'string',
          enum: ['draft', 'approved', 'in_treatment', 'accepted', 'closed'],
        },
        createdBy: {
          type: 'string',
          description: 'usr_<id> of the creator',
        },
        createdAt: {
          type: 'string',
          format: 'date-time',
        },
        updatedAt: {
          type: 'string',
          format: 'date-time',
        },
      },
    },
  },
  {
    name: 'risk_get',
    title: 'Get a risk',
    description:
      "One risk of the organisation's register by id (risk_<id>), drafts included, with likelihood, impact, score (likelihood × impact), treatment and status. Unknown ids give NOT_FOUND.",
    scope: 'mcp:read',
    readOnly: true,
    inputSchema: {
      type: 'object',
      required: ['id'],
      properties: {
        id: {
          type: 'string',
          minLength: 1,
          maxLength: 100,
          description: 'risk_<id>',
        },
      },
      additionalProperties: false,
    },
    outputSchema: {
      type: 'object',
      required: ['id', 'title', 'status', 'createdBy', 'createdAt', 'updatedAt'],
      properties: {
        id: {
          type: 'string',
          description: 'risk_<id>',
        },
        title: {
          type: 'string',
        },
        description: {
          type: 'string',
        },
        category: {
          type: 'string',
        },
        ownerUserId: {
          type: 'string',
          description: 'usr_<id> of the risk owner',
        },
        likelihood: {
          type: 'integer',
          minimum: 1,
          maximum: 5,
        },
        impact: {
          type: 'integer',
          minimum: 1,
          maximum: 5,
        },
        score: {
          type: 'integer',
          description: 'likelihood × impact (1–25); absent until both are set',
        },
        treatment: {
          type: 'string',
          enum: ['mitigate', 'accept', 'transfer', 'avoid'],
        },
        status: {
          type: 'string',
          enum: ['draft', 'approved', 'in_treatment', 'accepted', 'closed'],
        },
        createdBy: {
          type: 'string',
          description: 'usr_<id> of the creator',
        },
        createdAt: {
          type: 'string',
          format: 'date-time',
        },
        updatedAt: {
          type: 'string',
          format: 'date-time',
        },
      },
    },
  },
  {
    name: 'risk_register_list',
    title: 'Risk register',
    description:
      "The organisation's risk register: finalized risks only (drafts never appear), highest score first.",
    scope: 'mcp:read',
    readOnly: true,
    inputSchema: {
      type: 'object',
      properties: {},
      additionalProperties: false,
    },
    outputSchema: {
      type: 'object',
      required: ['items', 'total'],
      properties: {
        items: {
          type: 'array',
          items: {
            type: 'object',
            required: ['id', 'title', 'status', 'createdBy', 'createdAt', 'updatedAt'],
            properties: {
              id: {
                type: 'string',
                description: 'risk_<id>',
              },
              title: {
                type: 'string',
              },
              description: {
                type: 'string',
              },
              category: {
                type: 'string',
              },
              ownerUserId: {
                type: 'string',
                description: 'usr_<id> of the risk owner',
              },
              likelihood: {
                type: 'integer',
                minimum: 1,
                maximum: 5,
              },
              impact: {
                type: 'integer',
                minimum: 1,
                maximum: 5,
              },
              score: {
                type: 'integer',
                description: 'likelihood × impact (1–25); absent until both are set',
              },
              treatment: {
                type: 'string',
                enum: ['mitigate', 'accept', 'transfer', 'avoid'],
              },
              status: {
                type: 'string',
                enum: ['draft', 'approved', 'in_treatment', 'accepted', 'closed'],
              },
              createdBy: {
                type: 'string',
                description: 'usr_<id> of the creator',
              },
              createdAt: {
                type: 'string',
                format: 'date-time',
              },
              updatedAt: {
                type: 'string',
                format: 'date-time',
              },
            },
          },
        },
        total: {
          type: 'integer',
          minimum: 0,
        },
      },
    },
  },
  {
    name: 'sbom_list',
    title: 'SBOMs',
    description:
      "The organisation's SBOMs, newest first, with their asset, version, format and component and finding counts; q filters on the name or asset. At most 200 are returned; total counts all and truncated says whether some were left out. Only available where the organisation enabled the supply-chain tools.",
    scope: 'mcp:read',
    readOnly: true,
    inputSchema: {
      type: 'object',
      properties: {
        q: {
          type: 'string',
          minLength: 1,
          maxLength: 200,
          description: "Text in the SBOM's name or asset",
        },
      },
      additionalProperties: false,
    },
    outputSchema: {
      type: 'object',
      required: ['items', 'total', 'truncated'],
      properties: {
        items: {
          type: 'array',
          items: {
            type: 'object',
            required: ['id', 'name', 'assetName', 'componentCount', 'findingCount', 'createdAt'],
            properties: {
              id: {
                type: 'string',
                description: 'sbom_<id>',
              },
              name: {
                type: 'string',
              },
              assetName: {
                type: 'string',
              },
              assetId: {
                type: 'string',
                description: 'ast_<id>: the asset whose version it is',
              },
              version: {
                type: 'string',
              },
              source: {
                type: 'string',
                description: "The file's format family",
              },
              componentCount: {
                type: 'integer',
                minimum: 0,
              },
              findingCount: {
                type: 'integer',
                minimum: 0,
              },
              createdAt: {
                type: 'string',
                format: 'date-time',
              },
            },
          },
        },
        total: {
          type: 'integer',
          minimum: 0,
        },
        truncated: {
          type: 'boolean',
        },
      },
    },
  },
  {
    name: 'supplier_assessment_status',
    title: 'Supplier assessment status',
    description:
      "Assessment completion across the organisation's third-party suppliers (vendors of type internal are left out): counts not started, in progress and completed, the completion rate overall and per risk tier (tier 1 = critical), and the tier-1 suppliers not yet assessed.",
    scope: 'mcp:read',
    readOnly: true,
    inputSchema: {
      type: 'object',
      properties: {},
      additionalProperties: false,
    },
    outputSchema: {
      type: 'object',
      required: ['total', 'notStarted', 'inProgress', 'completed', 'byTier', 'unassessedCritical'],
      properties: {
        total: {
          type: 'integer',
          minimum: 0,
        },
        notStarted: {
          type: 'integer',
          minimum: 0,
        },
        inProgress: {
          type: 'integer',
          minimum: 0,
        },
        completed: {
          type: 'integer',
          minimum: 0,
        },
        completionRate: {
          type: 'number',
          minimum: 0,
          maximum: 100,
          description: 'Percent completed; absent without suppliers',
        },
        byTier: {
          type: 'object',
          required: ['1', '2', '3'],
          properties: {
            '1': {
              type: 'object',
              required: ['total', 'completed'],
              properties: {
                total: {
                  type: 'integer',
                  minimum: 0,
                },
                completed: {
                  type: 'integer',
                  minimum: 0,
                },
                completionRate: {
                  type: 'number',
                  minimum: 0,
                  maximum: 100,
                },
              },
            },
            '2': {
              type: 'object',
              required: ['total', 'completed'],
              properties: {
                total: {
                  type: 'integer',
                  minimum: 0,
                },
                completed: {
                  type: 'integer',
                  minimum: 0,
                },
                completionRate: {
                  type: 'number',
                  minimum: 0,
                  maximum: 100,
                },
              },
            },
            '3': {
              type: 'object',
              required: ['total', 'completed'],
              properties: {
                total: {
                  type: 'integer',
                  minimum: 0,
                },
                completed: {
                  type: 'integer',
                  minimum: 0,
                },
                completionRate: {
                  type: 'number',
                  minimum: 0,
                  maximum: 100,
                },
              },
            },
          },
        },
        unassessedCritical: {
          type: 'integer',
          minimum: 0,
          description: 'Tier-1 suppliers not completed',
        },
      },
    },
  },
  {
    name: 'supplier_list',
    title: 'Suppliers',
    description:
      "The organisation's third-party suppliers (vendors of type oss or commercial; internal ones are left out), most critical first (risk tier 1 first, then by name), with type, risk tier and assessment status. At most 200 are returned; `total` counts all of them and `truncated` says whether some were left out.",
    scope: 'mcp:read',
    readOnly: true,
    inputSchema: {
      type: 'object',
      properties: {},
      additionalProperties: false,
    },
    outputSchema: {
      type: 'object',
      required: ['items', 'total', 'truncated'],
      properties: {
        items: {
          type: 'array',
          items: {
            type: 'object',
            required: ['id', 'name', 'type', 'riskTier', 'assessmentStatus'],
            properties: {
              id: {
                type: 'string',
                description: 'vnd_<id>',
              },
              name: {
                type: 'string',
              },
              type: {
                type: 'string',
                enum: ['oss', 'commercial'],
              },
              riskTier: {
                type: 'integer',
                enum: [1, 2, 3],
              },
              assessmentStatus: {
                type: 'string',
                enum: ['not_started', 'in_progress', 'completed'],
              },
              website: {
                type: 'string',
              },
            },
          },
        },
        total: {
          type: 'integer',
          minimum: 0,
        },
        truncated: {
          type: 'boolean',
        },
      },
    },
  },
  {
    name: 'uar_status',
    title: 'User access review status',
    description:
      "Status of user access reviews: active campaigns with progress and deadlines (planned campaigns are not counted; a self-review is not a decision), and the open review items (undecided or awaiting remediation), overdue first, each flagged when the reviewer sits in the holder's manager chain. Reviewer and holder identities are masked.",
    scope: 'mcp:read',
    readOnly: true,
    inputSchema: {
      type: 'object',
      properties: {},
      additionalProperties: false,
    },
    outputSchema: {
      type: 'object',
      required: ['items', 'total'],
      properties: {
        campaigns: {
          type: 'array',
          items: {
            type: 'object',
            additionalProperties: true,
          },
        },
        items: {
          type: 'array',
          items: {
            type: 'object',
            additionalProperties: true,
          },
          description: 'Open review items',
        },
        total: {
          type: 'integer',
          minimum: 0,
          description: 'Number of open items returned',
        },
        note: {
          type: 'string',
          description:
            'Present when the organisation has no governance data yet; the result is then empty, not estimated.',
        },
      },
    },
  },
];
