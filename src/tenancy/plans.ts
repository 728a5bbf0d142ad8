/** Plans are named feature sets. The supply-chain endpoints need `supply_chain_security`. */
export const FEATURES = { supplyChainSecurity: 'supply_chain_security' } as const;
export type Feature = (typeof FEATURES)[keyof typeof FEATURES];

export const PLANS = {
  essentials: [] as Feature[],
  professional: [FEATURES.supplyChainSecurity] as Feature[],
} as const;
export type Plan = keyof typeof PLANS;
export const PLAN_NAMES = Object.keys(PLANS) as Plan[];

export const planHasFeature = (plan: string, feature: Feature): boolean =>
  (PLANS[plan as Plan] ?? []).includes(feature);

// `scim`: the provisioning client's token (SCIM 2.0 at /scim/v2, docs/identity.md).
export const SCOPES = ['sbom:read', 'sbom:write', 'mcp:read', 'mcp:write', 'scim'] as const;
export type Scope = (typeof SCOPES)[number];
export const isScope = (value: string): value is Scope => (SCOPES as readonly string[]).includes(value);
