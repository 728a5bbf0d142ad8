// Generated from the OpenAPI document (GET /api/v1/openapi.json) by scripts/generate.ts (npm run generate): do not edit.
// The REST API's paths, operations and schemas (openapi-typescript); the console and clients/typescript use them.
export interface paths {
  '/session': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Who is signed in
     * @description The signed-in person, their role and organisation (session cookie only; docs/sessions.md).
     */
    get: operations['getSession'];
    put?: never;
    /**
     * Sign in with e-mail and password
     * @description Sets the bulwark_session cookie. org (a slug) is needed only when the e-mail belongs to several organisations. Wrong e-mail or password: 401 INVALID_CREDENTIALS; more than 10 failures for one e-mail or client in 15 minutes: 429 RATE_LIMITED.
     */
    post: operations['postSession'];
    /**
     * Sign out
     * @description Ends the session and clears its cookie.
     */
    delete: operations['deleteSession'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/tokens': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List API tokens
     * @description The organisation's API tokens (never their secrets). Session only, admins.
     */
    get: operations['getTokens'];
    put?: never;
    /**
     * Create an API token
     * @description The token belongs to the signed-in person; its secret appears only in this answer.
     */
    post: operations['postTokens'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/tokens/{tokenId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Revoke an API token
     * @description Revokes the token at once; it is kept, revoked, in the list. Session only, admins.
     */
    delete: operations['deleteTokensByTokenId'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/users': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List workspace users
     * @description The organisation's users with their roles. Session only, admins.
     */
    get: operations['getUsers'];
    put?: never;
    /**
     * Add a workspace user
     * @description Creates a user with a role (and optionally a password). Session only, admins.
     */
    post: operations['postUsers'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/users/{userId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Remove a workspace user
     * @description Removes the user (never the last owner) with their sessions and API tokens. Session only, admins.
     */
    delete: operations['deleteUsersByUserId'];
    options?: never;
    head?: never;
    /**
     * Change a workspace user
     * @description Name, password or role; anyone may change their own name and password, admins the rest.
     */
    patch: operations['patchUsersByUserId'];
    trace?: never;
  };
  '/org': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Organisation settings
     * @description The signed-in person's organisation: slug, name, plan and MCP write setting.
     */
    get: operations['getOrg'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /**
     * Change organisation settings
     * @description Name and the MCP write setting (write tools). Session only, admins.
     */
    patch: operations['patchOrg'];
    trace?: never;
  };
  '/teams': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List teams
     * @description The organisation's teams with their members and grants (docs/portfolio-access.md). Session only, admins.
     */
    get: operations['getTeams'];
    put?: never;
    /**
     * Create a team
     * @description Members (user ids) and grants (assetTags and/or assetIds, role). A tag no asset carries, an unknown asset or user is 400 naming it. Session only, admins.
     */
    post: operations['postTeams'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/teams/{teamId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get a team
     * @description One team; another organisation's id is 404. Session only, admins.
     */
    get: operations['getTeamsByTeamId'];
    put?: never;
    post?: never;
    /**
     * Delete a team
     * @description Its members lose what it granted on their next request. Session only, admins.
     */
    delete: operations['deleteTeamsByTeamId'];
    options?: never;
    head?: never;
    /**
     * Change a team
     * @description Name, members and grants; members and grants given replace the team's. Applies to its members' next request. Session only, admins.
     */
    patch: operations['patchTeamsByTeamId'];
    trace?: never;
  };
  '/session/mfa': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Second-factor status
     * @description Whether the signed-in person has a TOTP second factor, and how many recovery codes are left.
     */
    get: operations['getSessionMfa'];
    put?: never;
    /**
     * Start TOTP enrolment
     * @description A new TOTP secret (RFC 6238: SHA-1, 30 s, 6 digits) and its otpauth:// URI for an authenticator app. It takes effect once POST /session/mfa/confirm receives a code from it. 409 CONFLICT when a factor is on.
     */
    post: operations['postSessionMfa'];
    /**
     * Turn the second factor off
     * @description Needs a current code or a recovery code. 409 CONFLICT when none is on or the organisation requires one.
     */
    delete: operations['deleteSessionMfa'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/session/mfa/confirm': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Confirm TOTP enrolment
     * @description Turns the second factor on when code is valid, and answers ten recovery codes, each usable once (stored hashed; shown only here). A wrong code: 400 VALIDATION_FAILED.
     */
    post: operations['postSessionMfaConfirm'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/session/sso': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Start single sign-on
     * @description Redirects to the organisation's OpenID provider (authorization code, PKCE S256, state, nonce). redirect is the console path to return to. A refusal redirects to /sign-in?error=<reason>.
     */
    get: operations['getSessionSso'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/session/sso/callback': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Single sign-on callback
     * @description Where the provider sends the browser back. Checks state (once), PKCE, the ID token's signature, issuer, audience, expiry and nonce; creates or updates the user with the role its groups give; sets the session cookie and redirects to the console page the sign-in started from, or to /sign-in?error=<reason>&message=<text>. Failures count for the sign-in throttle.
     */
    get: operations['getSessionSsoCallback'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/org/sso': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Single sign-on configuration
     * @description The OpenID Connect configuration (the client secret is write-only). 404 when none.
     */
    get: operations['getOrgSso'];
    /**
     * Configure single sign-on
     * @description issuer, clientId, clientSecret (write-only; required the first time, kept when left out), scopes, groupsClaim ("groups"), roleMapping {group: role}, defaultRole (none: no access without a mapped group), enforced (password sign-in for owners only).
     */
    put: operations['putOrgSso'];
    post?: never;
    /**
     * Remove single sign-on
     * @description Password sign-in works again for everyone; users created by SSO keep their accounts.
     */
    delete: operations['deleteOrgSso'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/org/sso/test': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Dry run of single sign-on
     * @description Reads the provider's discovery document and answers an authorizationUrl: signing in there shows the claims and the role they give (in the console, /access/security) without signing anyone in. With claims in the body, also the role those claims would give. A provider that is down: 502.
     */
    post: operations['postOrgSsoTest'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/sscs/vendors': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List vendors
     * @description The organisation's vendors, by name (case-insensitive), internal ones included.
     */
    get: operations['getSscsVendors'];
    put?: never;
    /**
     * Create a vendor
     * @description Adds a vendor (name, type, risk tier 1–3, assessment status); the change is audited. Accepts an Idempotency-Key header: a retry with the same key and body within 24 h returns the first response; the same key with another body is 409 IDEMPOTENCY_CONFLICT (docs/resilience.md).
     */
    post: operations['postSscsVendors'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/sscs/vendors/risk-summary': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Vendor risk summary
     * @description Counts by risk tier and assessment status, unassessed tier-1 vendors and a 0–100 score: the tier-weighted share of vendors not yet assessed.
     */
    get: operations['getSscsVendorsRiskSummary'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/sscs/vendors/{vendorId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /**
     * Replace a vendor
     * @description Full replacement: optional fields left out are cleared. Another organisation’s id is 404.
     */
    put: operations['putSscsVendorsByVendorId'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/sscs/sboms/upload': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Upload an SBOM
     * @description multipart/form-data: file (CycloneDX JSON 1.2–1.7, CycloneDX XML 1.0–1.7, SPDX JSON 2.2/2.3, SPDX tag-value 2.2/2.3, SPDX 3.0.1 JSON-LD; the family from the file name, or from the content when the name is not specific), optional name (default: the file name), assetName (default: the SBOM's subject, CycloneDX metadata.component or the SPDX described package, else the file name) and version (default: the subject's version). Stores the SBOM, its components and their findings in one transaction.
     */
    post: operations['postSscsSbomsUpload'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/sscs/sboms': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List SBOMs
     * @description The organisation's SBOMs, newest first, optionally filtered by `q` (name contains).
     */
    get: operations['getSscsSboms'];
    put?: never;
    /**
     * Register an SBOM without a file
     * @description Creates an SBOM record from JSON (name, format, version, asset) with no components. Accepts an Idempotency-Key header: a retry with the same key and body within 24 h returns the first response; the same key with another body is 409 IDEMPOTENCY_CONFLICT (docs/resilience.md).
     */
    post: operations['postSscsSboms'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/sscs/sboms/{sbomId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get an SBOM
     * @description One SBOM record with its component and finding counts.
     */
    get: operations['getSscsSbomsBySbomId'];
    put?: never;
    post?: never;
    /**
     * Delete an SBOM
     * @description Deletes the SBOM with its components and findings; the deletion is audited.
     */
    delete: operations['deleteSscsSbomsBySbomId'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/sscs/sboms/{sbomId}/components': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List components of an SBOM
     * @description The components in document order (nested components flattened depth-first).
     */
    get: operations['getSscsSbomsBySbomIdComponents'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/sscs/findings': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List findings
     * @description Findings of the organisation, open ones unless `status` says otherwise; filters `severity` (one or a comma list), `sbomId`, `vulnerabilityId` (or any alias), `q` (component name or purl contains), `kev`, `epssMin`, `triageRuleId`, `assetId`, `tag`. `sort`: `priority` (KEV first, then EPSS score + severity weight, then CVSS), `severity` / `-severity`, `-createdAt` / `createdAt`, `epss` / `-epss` (highest or lowest EPSS first, unscored last either way), `vulnerability` / `-vulnerability` (vulnerability id A to Z or Z to A), `package` / `-package` (component name, then version); ties by finding id. Without `sort`: newest first by id. Without `limit` the whole list comes back with `meta` null; with `limit` (1–1000) one page and `meta: {nextCursor, total}`: pass `nextCursor` as `cursor` for the next page (null on the last); `total` counts the matching findings over all pages, on the first page only (null on the pages after it). Every order pages by keyset, so no finding is repeated or skipped across pages.
     */
    get: operations['getSscsFindings'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/sscs/findings/summary': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Open findings by severity
     * @description Counts of open, not retracted findings per severity, and their total.
     */
    get: operations['getSscsFindingsSummary'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/sscs/findings/packages': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Packages with the most open findings
     * @description The packages (name and version) with the most open, not retracted findings, most first (`limit` 1–100, default 10): the console overview's list, without downloading every finding.
     */
    get: operations['getSscsFindingsPackages'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/sscs/findings/trend': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Open findings per day
     * @description For each of the last `days` UTC days (1–365, default 90; today last): the findings open and not retracted at the end of that day, from their creation and status history. Unknown parameters: VALIDATION_FAILED.
     */
    get: operations['getSscsFindingsTrend'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/sscs/findings/{findingId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get a finding
     * @description One finding with the advisories that matched (and why) and its history.
     */
    get: operations['getSscsFindingsByFindingId'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/sscs/findings/{findingId}/status': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /**
     * Triage a finding
     * @description Sets the status (any of the five) and optional remediation notes; kept in history and audited.
     */
    patch: operations['patchSscsFindingsByFindingIdStatus'];
    trace?: never;
  };
  '/sscs/sboms/{sbomId}/remediation': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * An SBOM's upgrade plan
     * @description Per vulnerable package and version: the lowest version the advisories name that leaves its open findings (or the one leaving most), what it fixes by severity and KEV, what remains, and the direct dependencies that bring it in; most valuable first. Triaged findings and withdrawn advisories do not count. Another organisation's SBOM is 404.
     */
    get: operations['getSbomRemediation'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/sscs/policies': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List policies
     * @description Every policy of the organisation, by name.
     */
    get: operations['getSscsPolicies'];
    put?: never;
    /**
     * Create a policy
     * @description A license, security or operational policy: conditions combined with any/all, the violation state, the assets it applies to. A condition with an unknown subject or operator, a malformed purl pattern or range, or a CEL expression that does not compile or runs over its budget is 400 VALIDATION_FAILED naming the path; nothing is saved. Existing SBOMs are re-evaluated in the background. Sessions need the admin role.
     */
    post: operations['postSscsPolicies'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/sscs/policies/preview': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Preview a policy
     * @description Evaluates an unsaved policy (the create body, validated the same way) over the latest SBOM of each asset: how many violations and components it would find, and the first 100 of them. Nothing is written, so any role that reads may ask.
     */
    post: operations['postSscsPoliciesPreview'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/sscs/policies/{policyId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get a policy
     * @description One policy; another organisation’s id is 404.
     */
    get: operations['getSscsPoliciesByPolicyId'];
    /**
     * Replace a policy
     * @description Full replacement, validated as on create; SBOMs are re-evaluated in the background.
     */
    put: operations['putSscsPoliciesByPolicyId'];
    post?: never;
    /**
     * Delete a policy
     * @description Deletes the policy and its violations.
     */
    delete: operations['deleteSscsPoliciesByPolicyId'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/sscs/license-groups': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List license groups
     * @description The organisation’s license groups (copyleft, weak-copyleft and permissive to begin with).
     */
    get: operations['getSscsLicenseGroups'];
    put?: never;
    /**
     * Create a license group
     * @description A named list of SPDX ids (`X WITH E` and `LicenseRef-…` too) for license_group conditions.
     */
    post: operations['postSscsLicenseGroups'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/sscs/license-groups/{groupId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get a license group
     * @description One license group; another organisation’s id is 404.
     */
    get: operations['getSscsLicenseGroupsByGroupId'];
    /**
     * Replace a license group
     * @description Full replacement; a group a policy names cannot be renamed (409 CONFLICT). Policies are re-evaluated.
     */
    put: operations['putSscsLicenseGroupsByGroupId'];
    post?: never;
    /**
     * Delete a license group
     * @description A group a policy names cannot be deleted (409 CONFLICT).
     */
    delete: operations['deleteSscsLicenseGroupsByGroupId'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/sscs/violations': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List policy violations
     * @description Newest first, filtered by sbomId, assetName, state, kind, policyId, status; the full array, or a page with `limit` (and `cursor` from meta.nextCursor).
     */
    get: operations['getSscsViolations'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/sscs/violations/summary': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Summarise open violations
     * @description `{fail, warn, info, total}` over open violations, optionally of one SBOM or asset.
     */
    get: operations['getSscsViolationsSummary'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/sscs/violations/summary/sboms': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Summarise open violations per SBOM
     * @description `[{sbomId, fail, warn, info, total}]` over open violations, one entry per SBOM that has any, newest SBOM first (one query for a list of SBOMs).
     */
    get: operations['getSscsViolationsSummarySboms'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/sscs/violations/{violationId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get a violation
     * @description One violation with its history of suppressions.
     */
    get: operations['getSscsViolationsByViolationId'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /**
     * Suppress or reopen a violation
     * @description `{status: "open"|"suppressed", comment?}`; kept in the violation’s history and the audit trail.
     */
    patch: operations['patchSscsViolationsByViolationId'];
    trace?: never;
  };
  '/sscs/triage-rules': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List triage rules
     * @description The organisation's triage rules, oldest first, each saying whether it is in force now.
     */
    get: operations['getSscsTriageRules'];
    put?: never;
    /**
     * Create a triage rule
     * @description Saves the rule and applies it at once to the open findings it matches (effect counts them); findings created later are triaged as they are created.
     */
    post: operations['postSscsTriageRules'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/sscs/triage-rules/{ruleId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get a triage rule
     * @description One triage rule; another organisation’s id is 404.
     */
    get: operations['getSscsTriageRulesByRuleId'];
    /**
     * Replace a triage rule
     * @description Replaces the rule and applies the rules again: findings it no longer matches reopen, findings it now matches are triaged.
     */
    put: operations['putSscsTriageRulesByRuleId'];
    post?: never;
    /**
     * Delete a triage rule
     * @description Deletes the rule; the findings it set and nobody changed since go to the next matching rule or back to open (history names the rule).
     */
    delete: operations['deleteSscsTriageRulesByRuleId'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/sscs/triage-rules/preview': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Preview a triage rule
     * @description Which open findings the rule would change if it were saved now (nothing is written); a rule matching nothing is allowed and says 0.
     */
    post: operations['postSscsTriageRulesPreview'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/sscs/scan': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Match an SBOM without storing it
     * @description multipart/form-data as the upload (file; optional assetName applies the triage recorded on that asset; name and version are accepted and ignored). Nothing is stored. With remediation=true, data.remediation is the upgrade plan of the open findings.
     */
    post: operations['postSscsScan'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/sscs/sboms/{sbomId}/export': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Export an SBOM's findings as a file
     * @description cyclonedx (CycloneDX 1.6 JSON: the SBOM with its vulnerabilities), cyclonedx-vex, openvex (0.2.0), sarif (2.1.0), csv. The body is the file, not an envelope; errors use the envelope.
     */
    get: operations['getSscsSbomsBySbomIdExport'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/sscs/assets/{assetId}/export': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Export an asset's latest SBOM
     * @description The export of the asset’s newest SBOM, in the formats of the SBOM export (docs/portfolio.md). An unknown asset, or one without SBOMs, is 404.
     */
    get: operations['getSscsAssetsByAssetIdExport'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/sscs/vex': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Apply a VEX document as triage
     * @description CycloneDX VEX 1.4+ or OpenVEX 0.2.0, as a JSON body or as the multipart field file. States map to finding statuses; statements that match no finding are listed in unmatched.
     */
    post: operations['postSscsVex'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/sscs/sboms/{sbomId}/diff': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Compare two SBOMs
     * @description The change from the SBOM named by `against` (the older) to this one: components added, removed and changed in version, findings introduced and findings resolved. Another organisation’s id is 404.
     */
    get: operations['getSscsSbomsBySbomIdDiff'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/sscs/assets': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List assets
     * @description Assets as records (docs/portfolio.md), by name: id, name and assetName, parentId, tags, classifier, active, retention, versions (its SBOMs, newest first), latestSbomId, the open findings and violations of the latest SBOM, and roll-ups over the asset and all its descendants. Default: active assets only; `active=true|false|all`; `q` (name contains) also lists inactive ones unless `active` says; `tag` keeps the assets carrying it.
     */
    get: operations['getSscsAssets'];
    put?: never;
    /**
     * Create an asset
     * @description An asset without SBOMs yet (uploads create theirs by assetName): name (unique), parentId, tags, classifier, active, retention. An unknown parent, or a parent that is the asset or a descendant, is 400 naming parentId; a taken name is 409 CONFLICT. Audited.
     */
    post: operations['postSscsAssets'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/sscs/assets/retention/run': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Apply retention now
     * @description Runs the retention sweep of the organisation at once (it also runs hourly and after uploads): versions beyond keepVersions or older than maxAgeDays (never the newest) are deleted, assets without an upload for inactiveAfterDays are marked inactive. Sessions need the admin role.
     */
    post: operations['postSscsAssetsRetentionRun'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/sscs/assets/{assetId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get an asset
     * @description One asset with its versions, children, tags and roll-ups. Another organisation’s id is 404.
     */
    get: operations['getSscsAssetsByAssetId'];
    put?: never;
    post?: never;
    /**
     * Delete an asset
     * @description Deletes the asset and its SBOMs (each deletion audited as sbom.delete). An asset with child assets is 409 CONFLICT: move or delete the children first.
     */
    delete: operations['deleteSscsAssetsByAssetId'];
    options?: never;
    head?: never;
    /**
     * Update an asset
     * @description Any of name (its SBOMs’ assetName follows), parentId (null: top level), tags (replaces them), classifier, active, retention (null: the organisation’s default). Audited.
     */
    patch: operations['patchSscsAssetsByAssetId'];
    trace?: never;
  };
  '/webhooks': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List the organisation's webhook subscriptions
     * @description Session-only (admin or owner; an API token gets 403 FORBIDDEN). Secrets are never listed.
     */
    get: operations['getWebhooks'];
    put?: never;
    /**
     * Subscribe a URL to events
     * @description Session-only (admin or owner). events: types wanted (all when omitted); minSeverity and kevOnly filter finding events; format standard or slack. Private, loopback and link-local targets are refused (400 VALIDATION_FAILED) unless WEBHOOK_ALLOW_PRIVATE=true. The answer holds the signing secret (whsec_…), shown only here.
     */
    post: operations['postWebhooks'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/webhooks/{webhookId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Delete a webhook subscription
     * @description Session-only (admin or owner). Its pending and past deliveries go with it.
     */
    delete: operations['deleteWebhooksByWebhookId'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/webhooks/{webhookId}/deliveries': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A subscription's deliveries with their attempt log
     * @description Session-only (admin or owner). The newest 100 deliveries, each with every attempt (status code, duration, error).
     */
    get: operations['getWebhooksByWebhookIdDeliveries'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/webhooks/{webhookId}/deliveries/{deliveryId}/redeliver': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Deliver an event again
     * @description Session-only (admin or owner). Queues a new delivery of the same event (same webhook-id), due at once, with a fresh retry schedule.
     */
    post: operations['postWebhooksByWebhookIdDeliveriesByDeliveryIdRedeliver'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/vulndb/status': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Vulnerability data freshness
     * @description What `bulwark vulndb status --json` prints: advisories, last sync and last error per OSV ecosystem, KEV and EPSS entries with their catalog or score date, and the ecosystems of this organisation’s components for which no advisory is held. Needs sbom:read (any signed-in role).
     */
    get: operations['getVulndbStatus'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/audit': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Audit log
     * @description The organisation's audit trail, newest first, with each actor's e-mail and name; filter by `actorId` and `action` (exact), page with `limit` (1–200, default 50) and `offset`. Session only, admins.
     */
    get: operations['getAudit'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/governance/evidence/collect': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Collect evidence now
     * @description Runs every evidence collector (vulnerability management, software inventory, supplier relationships, access rights) for this organisation and writes one evidence item per collector and Annex A control into the active ISO project: accepted with the figures, or rejected with the reasons and the offending ids (docs/compliance.md). Session only, admins.
     */
    post: operations['postGovernanceEvidenceCollect'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/governance/evidence/settings': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Vulnerability remediation SLAs
     * @description Days an open CRITICAL or HIGH finding may stay open before the vulnerability management collector fails (defaults 15 and 30). Session only.
     */
    get: operations['getGovernanceEvidenceSettings'];
    /**
     * Set the vulnerability remediation SLAs
     * @description `vulnerabilitySlaDays: {criticalDays, highDays}`, whole days 1–365, CRITICAL no longer than HIGH. Audited. Session only, admins.
     */
    put: operations['putGovernanceEvidenceSettings'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/governance/soa/export': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Statement of Applicability
     * @description Every Annex A control of the project (`projectId`, default the active one) with its applicability, justification, implementation status, evidence coverage now and the evidence items behind it: `format=json` (default, the envelope) or `format=csv` (a file, one row per control). Needs mcp:read.
     */
    get: operations['getGovernanceSoaExport'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/mcp': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * MCP tool server (Streamable HTTP, stateless)
     * @description JSON-RPC 2.0 over POST (initialize, tools/list, tools/call). Clients send `Accept: application/json, text/event-stream`. Answers are JSON-RPC messages, not the envelope: a malformed body is error -32700; tool failures are results with isError and a code. Needs mcp:read; write tools need mcp:write and the organisation’s MCP write setting. Other methods: 405. See docs/contract.md, Tool server.
     */
    post: operations['postMcp'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/oauth/requests/{uid}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A pending authorization request, as the consent page shows it
     * @description Session-only. The client, its redirect host, the scopes it asks for and those the signed-in person's role allows (what approving grants). Unknown or expired: 404 NOT_FOUND.
     */
    get: operations['getOauthRequestsByUid'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/oauth/requests/{uid}/approve': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Approve an authorization request as the signed-in person
     * @description Session-only (X-CSRF-Token). Grants the requested scopes the role allows and refuses the rest; the browser then goes to redirectTo, and the authorization server returns to the client with a code.
     */
    post: operations['postOauthRequestsByUidApprove'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/oauth/requests/{uid}/deny': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Deny an authorization request
     * @description Session-only (X-CSRF-Token). The client receives error=access_denied at its redirect URI.
     */
    post: operations['postOauthRequestsByUidDeny'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/oauth/connections': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The applications the signed-in person connected
     * @description Session-only. One entry per grant: client, scopes, when it was granted and last used.
     */
    get: operations['getOauthConnections'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/oauth/connections/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Disconnect an application
     * @description Session-only (X-CSRF-Token). Ends the grant and every code and token issued under it; its next request is refused. Another person's or organisation's grant: 404 NOT_FOUND.
     */
    delete: operations['deleteOauthConnectionsById'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/healthz': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Liveness
     * @description Answers while the process serves requests; checks nothing else.
     */
    get: operations['getHealthz'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/readyz': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Readiness
     * @description Checks the store within 1.5 s (and Redis when configured: `degraded` while it is unreachable, rate limits then per instance).
     */
    get: operations['getReadyz'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/metrics': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Prometheus metrics
     * @description Request counts and latencies by route and status, and the process metrics, in text format.
     */
    get: operations['getMetrics'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export type webhooks = Record<string, never>;
export interface components {
  schemas: {
    Finding: {
      id: string;
      sbomId: string;
      componentId: string;
      component: {
        name: string;
        version: string | null;
        purl: string | null;
      };
      vulnerabilityId: string;
      aliases: string[];
      summary: string | null;
      /** @enum {string} */
      severity: 'CRITICAL' | 'HIGH' | 'MEDIUM' | 'LOW';
      /** @enum {string} */
      severitySource: 'cvss_v4' | 'cvss_v3' | 'cvss_v2' | 'advisory' | 'default';
      cvssScore: number | null;
      cvssVector: string | null;
      fixedVersions: string[];
      references: {
        type: string;
        url: string;
      }[];
      /** @enum {string} */
      status: 'open' | 'mitigated' | 'accepted_risk' | 'false_positive' | 'fixed';
      remediationNotes: string | null;
      justification:
        | (
            | 'code_not_present'
            | 'code_not_reachable'
            | 'requires_configuration'
            | 'requires_dependency'
            | 'requires_environment'
            | 'protected_by_compiler'
            | 'protected_at_runtime'
            | 'protected_at_perimeter'
            | 'protected_by_mitigating_control'
          )
        | null;
      response: ('can_not_fix' | 'will_not_fix' | 'update' | 'rollback' | 'workaround_available')[] | null;
      detail: string | null;
      triageRuleId: string | null;
      createdAt: string;
      updatedAt: string;
      statusChangedAt: string;
      kev: {
        dateAdded: string;
        dueDate: string | null;
        knownRansomwareCampaignUse: string;
      } | null;
      epss: {
        score: number;
        percentile: number;
        date: string;
      } | null;
      direct: boolean | null;
      paths: string[][];
    };
    FindingDetail: {
      id: string;
      sbomId: string;
      componentId: string;
      component: {
        name: string;
        version: string | null;
        purl: string | null;
      };
      vulnerabilityId: string;
      aliases: string[];
      summary: string | null;
      /** @enum {string} */
      severity: 'CRITICAL' | 'HIGH' | 'MEDIUM' | 'LOW';
      /** @enum {string} */
      severitySource: 'cvss_v4' | 'cvss_v3' | 'cvss_v2' | 'advisory' | 'default';
      cvssScore: number | null;
      cvssVector: string | null;
      fixedVersions: string[];
      references: {
        type: string;
        url: string;
      }[];
      /** @enum {string} */
      status: 'open' | 'mitigated' | 'accepted_risk' | 'false_positive' | 'fixed';
      remediationNotes: string | null;
      justification:
        | (
            | 'code_not_present'
            | 'code_not_reachable'
            | 'requires_configuration'
            | 'requires_dependency'
            | 'requires_environment'
            | 'protected_by_compiler'
            | 'protected_at_runtime'
            | 'protected_at_perimeter'
            | 'protected_by_mitigating_control'
          )
        | null;
      response: ('can_not_fix' | 'will_not_fix' | 'update' | 'rollback' | 'workaround_available')[] | null;
      detail: string | null;
      triageRuleId: string | null;
      createdAt: string;
      updatedAt: string;
      statusChangedAt: string;
      kev: {
        dateAdded: string;
        dueDate: string | null;
        knownRansomwareCampaignUse: string;
      } | null;
      epss: {
        score: number;
        percentile: number;
        date: string;
      } | null;
      direct: boolean | null;
      paths: string[][];
      matchedBy: {
        advisoryId: string;
        reason: {
          [key: string]: unknown;
        };
      }[];
      retractedAt: string | null;
      history: {
        /** @enum {string} */
        event: 'created' | 'status_change' | 'retracted' | 'reinstated';
        fromStatus: string | null;
        toStatus: string | null;
        notes: string | null;
        actorId: string;
        at: string;
        justification:
          | (
              | 'code_not_present'
              | 'code_not_reachable'
              | 'requires_configuration'
              | 'requires_dependency'
              | 'requires_environment'
              | 'protected_by_compiler'
              | 'protected_at_runtime'
              | 'protected_at_perimeter'
              | 'protected_by_mitigating_control'
            )
          | null;
        response: ('can_not_fix' | 'will_not_fix' | 'update' | 'rollback' | 'workaround_available')[] | null;
        detail: string | null;
        ruleId: string | null;
      }[];
    };
    TriageRule: {
      id: string;
      name: string;
      match: {
        vulnerabilityIds?: string[];
        purls?: string[];
        assetNames?: string[];
        tags?: string[];
        expression?: string;
      };
      analysis: {
        /** @enum {string} */
        status: 'false_positive' | 'accepted_risk' | 'mitigated';
        justification:
          | (
              | 'code_not_present'
              | 'code_not_reachable'
              | 'requires_configuration'
              | 'requires_dependency'
              | 'requires_environment'
              | 'protected_by_compiler'
              | 'protected_at_runtime'
              | 'protected_at_perimeter'
              | 'protected_by_mitigating_control'
            )
          | null;
        response: ('can_not_fix' | 'will_not_fix' | 'update' | 'rollback' | 'workaround_available')[];
        detail: string;
      };
      validFrom: string | null;
      validUntil: string | null;
      priority: number;
      active: boolean;
      createdBy: string;
      createdAt: string;
      updatedAt: string;
    };
    Policy: {
      id: string;
      name: string;
      description: string | null;
      /** @enum {string} */
      kind: 'license' | 'security' | 'operational';
      /** @enum {string} */
      operator: 'any' | 'all';
      /** @enum {string} */
      violationState: 'info' | 'warn' | 'fail';
      conditions: {
        subject: string;
        operator: string;
        value:
          | string
          | number
          | boolean
          | {
              [key: string]: string;
            };
      }[];
      assetNames: string[] | null;
      tags: string[] | null;
      enabled: boolean;
      createdAt: string;
      updatedAt: string;
    };
    LicenseGroup: {
      id: string;
      name: string;
      licenses: string[];
      createdAt: string;
      updatedAt: string;
    };
    Violation: {
      id: string;
      policyId: string;
      policyName: string;
      /** @enum {string} */
      kind: 'license' | 'security' | 'operational';
      /** @enum {string} */
      state: 'info' | 'warn' | 'fail';
      componentId: string;
      component: {
        name: string;
        version: string | null;
        purl: string | null;
      };
      sbomId: string;
      findingId?: string;
      reason: string;
      /** @enum {string} */
      status: 'open' | 'suppressed';
      comment?: string;
      createdAt: string;
    };
    ViolationDetail: {
      id: string;
      policyId: string;
      policyName: string;
      /** @enum {string} */
      kind: 'license' | 'security' | 'operational';
      /** @enum {string} */
      state: 'info' | 'warn' | 'fail';
      componentId: string;
      component: {
        name: string;
        version: string | null;
        purl: string | null;
      };
      sbomId: string;
      findingId?: string;
      reason: string;
      /** @enum {string} */
      status: 'open' | 'suppressed';
      comment?: string;
      createdAt: string;
      history: {
        fromStatus: ('open' | 'suppressed') | null;
        /** @enum {string} */
        toStatus: 'open' | 'suppressed';
        comment: string | null;
        actorId: string;
        at: string;
      }[];
    };
    Asset: {
      id: string;
      name: string;
      assetName: string;
      parentId: string | null;
      tags: string[];
      /** @enum {string} */
      classifier: 'application' | 'library' | 'container' | 'firmware' | 'service' | 'other';
      active: boolean;
      retention: {
        keepVersions?: number;
        maxAgeDays?: number;
        inactiveAfterDays?: number;
      } | null;
      effectiveRetention: {
        keepVersions?: number;
        maxAgeDays?: number;
        inactiveAfterDays?: number;
      };
      lastUploadAt: string | null;
      versions: {
        version: string | null;
        sbomId: string;
        createdAt: string;
      }[];
      latestSbomId: string | null;
      openFindings: {
        CRITICAL: number;
        HIGH: number;
        MEDIUM: number;
        LOW: number;
        total: number;
      };
      openViolations: {
        fail: number;
        warn: number;
        info: number;
        total: number;
      };
      rollup: {
        assets: number;
        openFindings: {
          CRITICAL: number;
          HIGH: number;
          MEDIUM: number;
          LOW: number;
          total: number;
        };
        openViolations: {
          fail: number;
          warn: number;
          info: number;
          total: number;
        };
      };
      createdAt: string;
      updatedAt: string;
    };
    SbomListItem: {
      id: string;
      name: string;
      assetName: string;
      assetId: string;
      version: string | null;
      source: ('cyclonedx' | 'spdx') | null;
      componentCount: number;
      findingCount: number;
      createdAt: string;
    };
    SbomRecord: {
      id: string;
      name: string;
      assetName: string;
      version: string | null;
      format: ('cyclonedx' | 'spdx') | null;
      specVersion: string | null;
      assetId: string | null;
      repoUrl: string | null;
      branch: string | null;
      componentCount: number;
      findingCount: number;
      createdAt: string;
      updatedAt: string;
    };
    Component: {
      id: string;
      sbomId: string;
      bomRef: string | null;
      type: string;
      group: string | null;
      name: string;
      version: string | null;
      purl: string | null;
      cpe: string | null;
      ecosystem: string | null;
      licenses: string[];
      hashes: {
        alg: string;
        content: string;
      }[];
      supplier: string | null;
      scope: string | null;
      dependsOn: string[];
    };
    Vendor: {
      id: string;
      name: string;
      /** @enum {string} */
      type: 'oss' | 'commercial' | 'internal';
      riskTier: number;
      /** @enum {string} */
      assessmentStatus: 'not_started' | 'in_progress' | 'completed';
      website: string | null;
      notes: string | null;
      createdAt: string;
      updatedAt: string;
    };
    VendorRiskSummary: {
      total: number;
      byTier: {
        1: number;
        2: number;
        3: number;
      };
      byAssessmentStatus: {
        not_started: number;
        in_progress: number;
        completed: number;
      };
      unassessedCritical: number;
      score: number;
    };
    ErrorEnvelope: {
      data: null;
      error: {
        /** @description Machine-readable code (docs/contract.md). */
        code: string;
        message: string;
        details?: {
          path: string;
          message: string;
        }[];
      };
      meta: null;
    };
  };
  responses: never;
  parameters: never;
  requestBodies: never;
  headers: never;
  pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
  getSession: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              user: {
                id: string;
                email: string;
                name: string | null;
                /** @enum {string} */
                role: 'owner' | 'admin' | 'member' | 'viewer';
              };
              org: {
                id: string;
                slug: string;
                name: string;
                plan: string;
              };
              csrfToken: string;
              mfaEnrolmentRequired?: boolean;
            };
            error: null;
            meta: null;
          };
        };
      };
      /** @description Bad request. Codes: VALIDATION_FAILED, INVALID_REQUEST. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not authenticated. Codes: UNAUTHORIZED, INVALID_TOKEN. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not allowed. Codes: FORBIDDEN, INSUFFICIENT_SCOPE. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body too slow. Codes: REQUEST_TIMEOUT. */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Rate limit exceeded. Codes: RATE_LIMITED. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Server or store failure. Codes: DB_ERROR, INTERNAL_ERROR. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  postSession: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          email: string;
          password: string;
          org?: string;
          code?: string;
          recoveryCode?: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              user: {
                id: string;
                email: string;
                name: string | null;
                /** @enum {string} */
                role: 'owner' | 'admin' | 'member' | 'viewer';
              };
              org: {
                id: string;
                slug: string;
                name: string;
                plan: string;
              };
              csrfToken: string;
              mfaEnrolmentRequired?: boolean;
            };
            error: null;
            meta: null;
          };
        };
      };
      /** @description Bad request. Codes: VALIDATION_FAILED, INVALID_REQUEST. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not authenticated. Codes: UNAUTHORIZED, INVALID_TOKEN. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not allowed. Codes: FORBIDDEN, INSUFFICIENT_SCOPE. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body too slow. Codes: REQUEST_TIMEOUT. */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Rate limit exceeded. Codes: RATE_LIMITED. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Server or store failure. Codes: DB_ERROR, INTERNAL_ERROR. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  deleteSession: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              id: string;
              /** @enum {boolean} */
              deleted: true;
            };
            error: null;
            meta: null;
          };
        };
      };
      /** @description Bad request. Codes: VALIDATION_FAILED, INVALID_REQUEST. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not authenticated. Codes: UNAUTHORIZED, INVALID_TOKEN. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not allowed. Codes: FORBIDDEN, INSUFFICIENT_SCOPE. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body too slow. Codes: REQUEST_TIMEOUT. */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Rate limit exceeded. Codes: RATE_LIMITED. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Server or store failure. Codes: DB_ERROR, INTERNAL_ERROR. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  getTokens: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              id: string;
              name: string | null;
              userId: string;
              scopes: ('sbom:read' | 'sbom:write' | 'mcp:read' | 'mcp:write' | 'scim')[];
              assetTags: string[] | null;
              expiresAt: string | null;
              revokedAt: string | null;
              createdAt: string;
            }[];
            error: null;
            meta: null;
          };
        };
      };
      /** @description Bad request. Codes: VALIDATION_FAILED, INVALID_REQUEST. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not authenticated. Codes: UNAUTHORIZED, INVALID_TOKEN. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not allowed. Codes: FORBIDDEN, INSUFFICIENT_SCOPE. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body too slow. Codes: REQUEST_TIMEOUT. */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Rate limit exceeded. Codes: RATE_LIMITED. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Server or store failure. Codes: DB_ERROR, INTERNAL_ERROR. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  postTokens: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          name?: string;
          scopes: ('sbom:read' | 'sbom:write' | 'mcp:read' | 'mcp:write' | 'scim')[];
          expiresIn?: string;
          assetTags?: string[];
        };
      };
    };
    responses: {
      /** @description Default Response */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              id: string;
              token: string;
              name: string | null;
              scopes: ('sbom:read' | 'sbom:write' | 'mcp:read' | 'mcp:write' | 'scim')[];
              assetTags: string[] | null;
              expiresAt: string | null;
            };
            error: null;
            meta: null;
          };
        };
      };
      /** @description Bad request. Codes: VALIDATION_FAILED, INVALID_REQUEST. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not authenticated. Codes: UNAUTHORIZED, INVALID_TOKEN. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not allowed. Codes: FORBIDDEN, INSUFFICIENT_SCOPE. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body too slow. Codes: REQUEST_TIMEOUT. */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Rate limit exceeded. Codes: RATE_LIMITED. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Server or store failure. Codes: DB_ERROR, INTERNAL_ERROR. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  deleteTokensByTokenId: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        tokenId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              id: string;
              /** @enum {boolean} */
              deleted: true;
            };
            error: null;
            meta: null;
          };
        };
      };
      /** @description Bad request. Codes: VALIDATION_FAILED, INVALID_REQUEST. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not authenticated. Codes: UNAUTHORIZED, INVALID_TOKEN. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not allowed. Codes: FORBIDDEN, INSUFFICIENT_SCOPE. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found (also for another organisation’s id). Codes: NOT_FOUND. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body too slow. Codes: REQUEST_TIMEOUT. */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Rate limit exceeded. Codes: RATE_LIMITED. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Server or store failure. Codes: DB_ERROR, INTERNAL_ERROR. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  getUsers: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              id: string;
              email: string;
              name: string | null;
              /** @enum {string} */
              role: 'owner' | 'admin' | 'member' | 'viewer';
              createdAt: string;
            }[];
            error: null;
            meta: null;
          };
        };
      };
      /** @description Bad request. Codes: VALIDATION_FAILED, INVALID_REQUEST. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not authenticated. Codes: UNAUTHORIZED, INVALID_TOKEN. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not allowed. Codes: FORBIDDEN, INSUFFICIENT_SCOPE. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body too slow. Codes: REQUEST_TIMEOUT. */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Rate limit exceeded. Codes: RATE_LIMITED. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Server or store failure. Codes: DB_ERROR, INTERNAL_ERROR. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  postUsers: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          email: string;
          name?: string;
          /** @enum {string} */
          role: 'owner' | 'admin' | 'member' | 'viewer';
          password?: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              id: string;
              email: string;
              name: string | null;
              /** @enum {string} */
              role: 'owner' | 'admin' | 'member' | 'viewer';
              createdAt: string;
            };
            error: null;
            meta: null;
          };
        };
      };
      /** @description Bad request. Codes: VALIDATION_FAILED, INVALID_REQUEST. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not authenticated. Codes: UNAUTHORIZED, INVALID_TOKEN. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not allowed. Codes: FORBIDDEN, INSUFFICIENT_SCOPE. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body too slow. Codes: REQUEST_TIMEOUT. */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Rate limit exceeded. Codes: RATE_LIMITED. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Server or store failure. Codes: DB_ERROR, INTERNAL_ERROR. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  deleteUsersByUserId: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        userId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              id: string;
              /** @enum {boolean} */
              deleted: true;
            };
            error: null;
            meta: null;
          };
        };
      };
      /** @description Bad request. Codes: VALIDATION_FAILED, INVALID_REQUEST. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not authenticated. Codes: UNAUTHORIZED, INVALID_TOKEN. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not allowed. Codes: FORBIDDEN, INSUFFICIENT_SCOPE. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found (also for another organisation’s id). Codes: NOT_FOUND. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body too slow. Codes: REQUEST_TIMEOUT. */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Rate limit exceeded. Codes: RATE_LIMITED. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Server or store failure. Codes: DB_ERROR, INTERNAL_ERROR. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  patchUsersByUserId: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        userId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          name?: string | null;
          /** @enum {string} */
          role?: 'owner' | 'admin' | 'member' | 'viewer';
          password?: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              id: string;
              email: string;
              name: string | null;
              /** @enum {string} */
              role: 'owner' | 'admin' | 'member' | 'viewer';
              createdAt: string;
            };
            error: null;
            meta: null;
          };
        };
      };
      /** @description Bad request. Codes: VALIDATION_FAILED, INVALID_REQUEST. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not authenticated. Codes: UNAUTHORIZED, INVALID_TOKEN. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not allowed. Codes: FORBIDDEN, INSUFFICIENT_SCOPE. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found (also for another organisation’s id). Codes: NOT_FOUND. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body too slow. Codes: REQUEST_TIMEOUT. */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Rate limit exceeded. Codes: RATE_LIMITED. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Server or store failure. Codes: DB_ERROR, INTERNAL_ERROR. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  getOrg: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              id: string;
              slug: string;
              name: string;
              plan: string;
              mcpWriteEnabled: boolean;
              requireMfa: boolean;
              mcpSupplyChainTools: boolean;
              portfolioAccess: boolean;
              retention: {
                keepVersions?: number;
                maxAgeDays?: number;
                inactiveAfterDays?: number;
              } | null;
              createdAt: string;
            };
            error: null;
            meta: null;
          };
        };
      };
      /** @description Bad request. Codes: VALIDATION_FAILED, INVALID_REQUEST. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not authenticated. Codes: UNAUTHORIZED, INVALID_TOKEN. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not allowed. Codes: FORBIDDEN, INSUFFICIENT_SCOPE. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body too slow. Codes: REQUEST_TIMEOUT. */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Rate limit exceeded. Codes: RATE_LIMITED. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Server or store failure. Codes: DB_ERROR, INTERNAL_ERROR. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  patchOrg: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          name?: string;
          mcpWriteEnabled?: boolean;
          requireMfa?: boolean;
          mcpSupplyChainTools?: boolean;
          portfolioAccess?: boolean;
          retention?: {
            keepVersions?: number;
            maxAgeDays?: number;
            inactiveAfterDays?: number;
          } | null;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              id: string;
              slug: string;
              name: string;
              plan: string;
              mcpWriteEnabled: boolean;
              requireMfa: boolean;
              mcpSupplyChainTools: boolean;
              portfolioAccess: boolean;
              retention: {
                keepVersions?: number;
                maxAgeDays?: number;
                inactiveAfterDays?: number;
              } | null;
              createdAt: string;
            };
            error: null;
            meta: null;
          };
        };
      };
      /** @description Bad request. Codes: VALIDATION_FAILED, INVALID_REQUEST. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not authenticated. Codes: UNAUTHORIZED, INVALID_TOKEN. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not allowed. Codes: FORBIDDEN, INSUFFICIENT_SCOPE. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body too slow. Codes: REQUEST_TIMEOUT. */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Rate limit exceeded. Codes: RATE_LIMITED. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Server or store failure. Codes: DB_ERROR, INTERNAL_ERROR. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  getTeams: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              id: string;
              name: string;
              members: string[];
              grants: {
                id: string;
                assetTags: string[];
                assetIds: string[];
                /** @enum {string} */
                role: 'member' | 'viewer';
              }[];
              createdAt: string;
              updatedAt: string;
            }[];
            error: null;
            meta: null;
          };
        };
      };
      /** @description Bad request. Codes: VALIDATION_FAILED, INVALID_REQUEST. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not authenticated. Codes: UNAUTHORIZED, INVALID_TOKEN. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not allowed. Codes: FORBIDDEN, INSUFFICIENT_SCOPE. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body too slow. Codes: REQUEST_TIMEOUT. */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Rate limit exceeded. Codes: RATE_LIMITED. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Server or store failure. Codes: DB_ERROR, INTERNAL_ERROR. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  postTeams: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          name: string;
          members?: string[];
          grants?: {
            assetTags?: string[];
            assetIds?: string[];
            /** @enum {string} */
            role: 'member' | 'viewer';
          }[];
        };
      };
    };
    responses: {
      /** @description Default Response */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              id: string;
              name: string;
              members: string[];
              grants: {
                id: string;
                assetTags: string[];
                assetIds: string[];
                /** @enum {string} */
                role: 'member' | 'viewer';
              }[];
              createdAt: string;
              updatedAt: string;
            };
            error: null;
            meta: null;
          };
        };
      };
      /** @description Bad request. Codes: VALIDATION_FAILED, INVALID_REQUEST. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not authenticated. Codes: UNAUTHORIZED, INVALID_TOKEN. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not allowed. Codes: FORBIDDEN, INSUFFICIENT_SCOPE. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body too slow. Codes: REQUEST_TIMEOUT. */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Rate limit exceeded. Codes: RATE_LIMITED. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Server or store failure. Codes: DB_ERROR, INTERNAL_ERROR. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  getTeamsByTeamId: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        teamId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              id: string;
              name: string;
              members: string[];
              grants: {
                id: string;
                assetTags: string[];
                assetIds: string[];
                /** @enum {string} */
                role: 'member' | 'viewer';
              }[];
              createdAt: string;
              updatedAt: string;
            };
            error: null;
            meta: null;
          };
        };
      };
      /** @description Bad request. Codes: VALIDATION_FAILED, INVALID_REQUEST. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not authenticated. Codes: UNAUTHORIZED, INVALID_TOKEN. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not allowed. Codes: FORBIDDEN, INSUFFICIENT_SCOPE. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body too slow. Codes: REQUEST_TIMEOUT. */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Rate limit exceeded. Codes: RATE_LIMITED. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Server or store failure. Codes: DB_ERROR, INTERNAL_ERROR. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  deleteTeamsByTeamId: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        teamId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              id: string;
              /** @enum {boolean} */
              deleted: true;
            };
            error: null;
            meta: null;
          };
        };
      };
      /** @description Bad request. Codes: VALIDATION_FAILED, INVALID_REQUEST. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not authenticated. Codes: UNAUTHORIZED, INVALID_TOKEN. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not allowed. Codes: FORBIDDEN, INSUFFICIENT_SCOPE. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body too slow. Codes: REQUEST_TIMEOUT. */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Rate limit exceeded. Codes: RATE_LIMITED. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Server or store failure. Codes: DB_ERROR, INTERNAL_ERROR. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  patchTeamsByTeamId: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        teamId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          name?: string;
          members?: string[];
          grants?: {
            assetTags?: string[];
            assetIds?: string[];
            /** @enum {string} */
            role: 'member' | 'viewer';
          }[];
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              id: string;
              name: string;
              members: string[];
              grants: {
                id: string;
                assetTags: string[];
                assetIds: string[];
                /** @enum {string} */
                role: 'member' | 'viewer';
              }[];
              createdAt: string;
              updatedAt: string;
            };
            error: null;
            meta: null;
          };
        };
      };
      /** @description Bad request. Codes: VALIDATION_FAILED, INVALID_REQUEST. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not authenticated. Codes: UNAUTHORIZED, INVALID_TOKEN. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not allowed. Codes: FORBIDDEN, INSUFFICIENT_SCOPE. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body too slow. Codes: REQUEST_TIMEOUT. */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Rate limit exceeded. Codes: RATE_LIMITED. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Server or store failure. Codes: DB_ERROR, INTERNAL_ERROR. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  getSessionMfa: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              enabled: boolean;
              recoveryCodesLeft: number;
            };
            error: null;
            meta: null;
          };
        };
      };
      /** @description Bad request. Codes: VALIDATION_FAILED, INVALID_REQUEST. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not authenticated. Codes: UNAUTHORIZED, INVALID_TOKEN. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not allowed. Codes: FORBIDDEN, INSUFFICIENT_SCOPE. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body too slow. Codes: REQUEST_TIMEOUT. */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Rate limit exceeded. Codes: RATE_LIMITED. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Server or store failure. Codes: DB_ERROR, INTERNAL_ERROR. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  postSessionMfa: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              secret: string;
              otpauthUri: string;
            };
            error: null;
            meta: null;
          };
        };
      };
      /** @description Bad request. Codes: VALIDATION_FAILED, INVALID_REQUEST. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not authenticated. Codes: UNAUTHORIZED, INVALID_TOKEN. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not allowed. Codes: FORBIDDEN, INSUFFICIENT_SCOPE. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body too slow. Codes: REQUEST_TIMEOUT. */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Rate limit exceeded. Codes: RATE_LIMITED. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Server or store failure. Codes: DB_ERROR, INTERNAL_ERROR. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  deleteSessionMfa: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          code?: string;
          recoveryCode?: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              /** @enum {boolean} */
              disabled: true;
            };
            error: null;
            meta: null;
          };
        };
      };
      /** @description Bad request. Codes: VALIDATION_FAILED, INVALID_REQUEST. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not authenticated. Codes: UNAUTHORIZED, INVALID_TOKEN. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not allowed. Codes: FORBIDDEN, INSUFFICIENT_SCOPE. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body too slow. Codes: REQUEST_TIMEOUT. */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Rate limit exceeded. Codes: RATE_LIMITED. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Server or store failure. Codes: DB_ERROR, INTERNAL_ERROR. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  postSessionMfaConfirm: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          code: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              recoveryCodes: string[];
            };
            error: null;
            meta: null;
          };
        };
      };
      /** @description Bad request. Codes: VALIDATION_FAILED, INVALID_REQUEST. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not authenticated. Codes: UNAUTHORIZED, INVALID_TOKEN. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not allowed. Codes: FORBIDDEN, INSUFFICIENT_SCOPE. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body too slow. Codes: REQUEST_TIMEOUT. */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Rate limit exceeded. Codes: RATE_LIMITED. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Server or store failure. Codes: DB_ERROR, INTERNAL_ERROR. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  getSessionSso: {
    parameters: {
      query: {
        org: string;
        redirect?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Bad request. Codes: VALIDATION_FAILED, INVALID_REQUEST. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not authenticated. Codes: UNAUTHORIZED, INVALID_TOKEN. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not allowed. Codes: FORBIDDEN, INSUFFICIENT_SCOPE. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body too slow. Codes: REQUEST_TIMEOUT. */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Rate limit exceeded. Codes: RATE_LIMITED. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Server or store failure. Codes: DB_ERROR, INTERNAL_ERROR. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  getSessionSsoCallback: {
    parameters: {
      query?: {
        code?: string;
        state?: string;
        error?: string;
        error_description?: string;
        iss?: string;
        session_state?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Bad request. Codes: VALIDATION_FAILED, INVALID_REQUEST. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not authenticated. Codes: UNAUTHORIZED, INVALID_TOKEN. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not allowed. Codes: FORBIDDEN, INSUFFICIENT_SCOPE. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body too slow. Codes: REQUEST_TIMEOUT. */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Rate limit exceeded. Codes: RATE_LIMITED. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Server or store failure. Codes: DB_ERROR, INTERNAL_ERROR. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  getOrgSso: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              issuer: string;
              clientId: string;
              /** @enum {boolean} */
              clientSecretSet: true;
              scopes: string[];
              groupsClaim: string;
              roleMapping: {
                [key: string]: 'owner' | 'admin' | 'member' | 'viewer';
              };
              defaultRole: ('owner' | 'admin' | 'member' | 'viewer') | null;
              enforced: boolean;
              createdAt: string;
              updatedAt: string;
            };
            error: null;
            meta: null;
          };
        };
      };
      /** @description Bad request. Codes: VALIDATION_FAILED, INVALID_REQUEST. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not authenticated. Codes: UNAUTHORIZED, INVALID_TOKEN. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not allowed. Codes: FORBIDDEN, INSUFFICIENT_SCOPE. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body too slow. Codes: REQUEST_TIMEOUT. */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Rate limit exceeded. Codes: RATE_LIMITED. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Server or store failure. Codes: DB_ERROR, INTERNAL_ERROR. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  putOrgSso: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** Format: uri */
          issuer: string;
          clientId: string;
          clientSecret?: string;
          scopes?: string[];
          groupsClaim?: string;
          roleMapping?: {
            [key: string]: 'owner' | 'admin' | 'member' | 'viewer';
          };
          defaultRole?: ('owner' | 'admin' | 'member' | 'viewer') | null;
          enforced?: boolean;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              issuer: string;
              clientId: string;
              /** @enum {boolean} */
              clientSecretSet: true;
              scopes: string[];
              groupsClaim: string;
              roleMapping: {
                [key: string]: 'owner' | 'admin' | 'member' | 'viewer';
              };
              defaultRole: ('owner' | 'admin' | 'member' | 'viewer') | null;
              enforced: boolean;
              createdAt: string;
              updatedAt: string;
            };
            error: null;
            meta: null;
          };
        };
      };
      /** @description Bad request. Codes: VALIDATION_FAILED, INVALID_REQUEST. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not authenticated. Codes: UNAUTHORIZED, INVALID_TOKEN. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not allowed. Codes: FORBIDDEN, INSUFFICIENT_SCOPE. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body too slow. Codes: REQUEST_TIMEOUT. */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Rate limit exceeded. Codes: RATE_LIMITED. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Server or store failure. Codes: DB_ERROR, INTERNAL_ERROR. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  deleteOrgSso: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              /** @enum {boolean} */
              deleted: true;
            };
            error: null;
            meta: null;
          };
        };
      };
      /** @description Bad request. Codes: VALIDATION_FAILED, INVALID_REQUEST. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not authenticated. Codes: UNAUTHORIZED, INVALID_TOKEN. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not allowed. Codes: FORBIDDEN, INSUFFICIENT_SCOPE. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body too slow. Codes: REQUEST_TIMEOUT. */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Rate limit exceeded. Codes: RATE_LIMITED. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Server or store failure. Codes: DB_ERROR, INTERNAL_ERROR. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  postOrgSsoTest: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          claims?: {
            [key: string]: unknown;
          };
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              discovery: {
                issuer: string;
                authorizationEndpoint: string;
                tokenEndpoint: string;
              };
              authorizationUrl: string;
              evaluation?: {
                email: string | null;
                name: string | null;
                groups: string[];
                role: ('owner' | 'admin' | 'member' | 'viewer') | null;
                refusal: string | null;
              };
            };
            error: null;
            meta: null;
          };
        };
      };
      /** @description Bad request. Codes: VALIDATION_FAILED, INVALID_REQUEST. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not authenticated. Codes: UNAUTHORIZED, INVALID_TOKEN. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not allowed. Codes: FORBIDDEN, INSUFFICIENT_SCOPE. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body too slow. Codes: REQUEST_TIMEOUT. */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Rate limit exceeded. Codes: RATE_LIMITED. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Server or store failure. Codes: DB_ERROR, INTERNAL_ERROR. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  getSscsVendors: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Vendor'][];
            error: null;
            meta: null;
          };
        };
      };
      /** @description Bad request. Codes: VALIDATION_FAILED, INVALID_REQUEST. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not authenticated. Codes: UNAUTHORIZED, INVALID_TOKEN. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not allowed. Codes: FORBIDDEN, INSUFFICIENT_SCOPE. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body too slow. Codes: REQUEST_TIMEOUT. */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Rate limit exceeded. Codes: RATE_LIMITED. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Server or store failure. Codes: DB_ERROR, INTERNAL_ERROR. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  postSscsVendors: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          name: string;
          /** @enum {string} */
          type: 'oss' | 'commercial' | 'internal';
          riskTier: 1 | 2 | 3;
          /** @enum {string} */
          assessmentStatus: 'not_started' | 'in_progress' | 'completed';
          website?: string | null;
          notes?: string | null;
        };
      };
    };
    responses: {
      /** @description Default Response */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Vendor'];
            error: null;
            meta: null;
          };
        };
      };
      /** @description Bad request. Codes: VALIDATION_FAILED, INVALID_REQUEST. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not authenticated. Codes: UNAUTHORIZED, INVALID_TOKEN. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not allowed. Codes: FORBIDDEN, INSUFFICIENT_SCOPE. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body too slow. Codes: REQUEST_TIMEOUT. */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Conflict. Codes: IDEMPOTENCY_CONFLICT. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Rate limit exceeded. Codes: RATE_LIMITED. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Server or store failure. Codes: DB_ERROR, INTERNAL_ERROR. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  getSscsVendorsRiskSummary: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['VendorRiskSummary'];
            error: null;
            meta: null;
          };
        };
      };
      /** @description Bad request. Codes: VALIDATION_FAILED, INVALID_REQUEST. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not authenticated. Codes: UNAUTHORIZED, INVALID_TOKEN. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not allowed. Codes: FORBIDDEN, INSUFFICIENT_SCOPE. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body too slow. Codes: REQUEST_TIMEOUT. */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Rate limit exceeded. Codes: RATE_LIMITED. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Server or store failure. Codes: DB_ERROR, INTERNAL_ERROR. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  putSscsVendorsByVendorId: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        vendorId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          name: string;
          /** @enum {string} */
          type: 'oss' | 'commercial' | 'internal';
          riskTier: 1 | 2 | 3;
          /** @enum {string} */
          assessmentStatus: 'not_started' | 'in_progress' | 'completed';
          website?: string | null;
          notes?: string | null;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Vendor'];
            error: null;
            meta: null;
          };
        };
      };
      /** @description Bad request. Codes: VALIDATION_FAILED, INVALID_REQUEST. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not authenticated. Codes: UNAUTHORIZED, INVALID_TOKEN. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not allowed. Codes: FORBIDDEN, INSUFFICIENT_SCOPE. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found (also for another organisation’s id). Codes: NOT_FOUND. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body too slow. Codes: REQUEST_TIMEOUT. */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Rate limit exceeded. Codes: RATE_LIMITED. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Server or store failure. Codes: DB_ERROR, INTERNAL_ERROR. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  postSscsSbomsUpload: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'multipart/form-data': {
          /**
           * Format: binary
           * @description The SBOM file: CycloneDX JSON or XML, SPDX 2 JSON or tag-value, SPDX 3 JSON-LD; the family from its name, or from its content when the name is not specific (.json, .txt, -).
           */
          file: string;
          name?: string;
          assetName?: string;
          version?: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              id: string;
              name: string;
              assetName: string;
              version: string | null;
              /** @enum {string} */
              format: 'cyclonedx' | 'spdx';
              specVersion: string;
              componentCount: number;
              findingCount: number;
              createdAt: string;
            };
            error: null;
            meta: {
              coverage: {
                ecosystem: string;
                components: number;
                advisories: number;
              }[];
            };
          };
        };
      };
      /** @description Bad request. Codes: VALIDATION_FAILED, INVALID_REQUEST, PARSE_ERROR, UNSUPPORTED_FORMAT, MISSING_FILE. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not authenticated. Codes: UNAUTHORIZED, INVALID_TOKEN. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not allowed. Codes: FORBIDDEN, INSUFFICIENT_SCOPE. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body too slow. Codes: REQUEST_TIMEOUT. */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Conflict. Codes: IDEMPOTENCY_CONFLICT. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Too large. Codes: FILE_TOO_LARGE, PAYLOAD_TOO_LARGE, TOO_MANY_COMPONENTS, TOO_MANY_FINDINGS. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Rate limit exceeded. Codes: RATE_LIMITED. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Server or store failure. Codes: DB_ERROR, INTERNAL_ERROR. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  getSscsSboms: {
    parameters: {
      query?: {
        q?: string;
        assetId?: string;
        tag?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['SbomListItem'][];
            error: null;
            meta: null;
          };
        };
      };
      /** @description Bad request. Codes: VALIDATION_FAILED, INVALID_REQUEST. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not authenticated. Codes: UNAUTHORIZED, INVALID_TOKEN. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not allowed. Codes: FORBIDDEN, INSUFFICIENT_SCOPE. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body too slow. Codes: REQUEST_TIMEOUT. */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Rate limit exceeded. Codes: RATE_LIMITED. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Server or store failure. Codes: DB_ERROR, INTERNAL_ERROR. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  postSscsSboms: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          name: string;
          version?: string;
          assetId?: string;
          /** Format: uri */
          repoUrl?: string;
          branch?: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['SbomRecord'];
            error: null;
            meta: null;
          };
        };
      };
      /** @description Bad request. Codes: VALIDATION_FAILED, INVALID_REQUEST. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not authenticated. Codes: UNAUTHORIZED, INVALID_TOKEN. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not allowed. Codes: FORBIDDEN, INSUFFICIENT_SCOPE. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body too slow. Codes: REQUEST_TIMEOUT. */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Conflict. Codes: IDEMPOTENCY_CONFLICT. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Rate limit exceeded. Codes: RATE_LIMITED. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Server or store failure. Codes: DB_ERROR, INTERNAL_ERROR. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  getSscsSbomsBySbomId: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        sbomId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['SbomRecord'];
            error: null;
            meta: null;
          };
        };
      };
      /** @description Bad request. Codes: VALIDATION_FAILED, INVALID_REQUEST. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not authenticated. Codes: UNAUTHORIZED, INVALID_TOKEN. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not allowed. Codes: FORBIDDEN, INSUFFICIENT_SCOPE. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found (also for another organisation’s id). Codes: NOT_FOUND. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body too slow. Codes: REQUEST_TIMEOUT. */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Rate limit exceeded. Codes: RATE_LIMITED. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Server or store failure. Codes: DB_ERROR, INTERNAL_ERROR. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  deleteSscsSbomsBySbomId: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        sbomId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              id: string;
              /** @enum {boolean} */
              deleted: true;
            };
            error: null;
            meta: null;
          };
        };
      };
      /** @description Bad request. Codes: VALIDATION_FAILED, INVALID_REQUEST. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not authenticated. Codes: UNAUTHORIZED, INVALID_TOKEN. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not allowed. Codes: FORBIDDEN, INSUFFICIENT_SCOPE. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found (also for another organisation’s id). Codes: NOT_FOUND. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body too slow. Codes: REQUEST_TIMEOUT. */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Rate limit exceeded. Codes: RATE_LIMITED. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Server or store failure. Codes: DB_ERROR, INTERNAL_ERROR. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  getSscsSbomsBySbomIdComponents: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        sbomId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Component'][];
            error: null;
            meta: null;
          };
        };
      };
      /** @description Bad request. Codes: VALIDATION_FAILED, INVALID_REQUEST. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not authenticated. Codes: UNAUTHORIZED, INVALID_TOKEN. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not allowed. Codes: FORBIDDEN, INSUFFICIENT_SCOPE. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found (also for another organisation’s id). Codes: NOT_FOUND. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body too slow. Codes: REQUEST_TIMEOUT. */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Rate limit exceeded. Codes: RATE_LIMITED. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Server or store failure. Codes: DB_ERROR, INTERNAL_ERROR. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  getSscsFindings: {
    parameters: {
      query?: {
        status?: 'open' | 'mitigated' | 'accepted_risk' | 'false_positive' | 'fixed';
        severity?: string;
        sbomId?: string;
        vulnerabilityId?: string;
        q?: string;
        triageRuleId?: string;
        limit?: number;
        cursor?: string;
        kev?: 'true' | 'false';
        epssMin?: number;
        sort?:
          | 'severity'
          | '-severity'
          | '-createdAt'
          | 'createdAt'
          | 'vulnerability'
          | '-vulnerability'
          | 'package'
          | '-package'
          | 'priority'
          | 'epss'
          | '-epss';
        assetId?: string;
        tag?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Finding'][];
            error: null;
            meta: {
              nextCursor: string | null;
              total: number | null;
            } | null;
          };
        };
      };
      /** @description Bad request. Codes: VALIDATION_FAILED, INVALID_REQUEST. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not authenticated. Codes: UNAUTHORIZED, INVALID_TOKEN. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not allowed. Codes: FORBIDDEN, INSUFFICIENT_SCOPE. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body too slow. Codes: REQUEST_TIMEOUT. */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Rate limit exceeded. Codes: RATE_LIMITED. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Server or store failure. Codes: DB_ERROR, INTERNAL_ERROR. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  getSscsFindingsSummary: {
    parameters: {
      query?: {
        sbomId?: string;
        assetName?: string;
        assetId?: string;
        tag?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              CRITICAL: number;
              HIGH: number;
              MEDIUM: number;
              LOW: number;
              total: number;
              kev: number;
            };
            error: null;
            meta: null;
          };
        };
      };
      /** @description Bad request. Codes: VALIDATION_FAILED, INVALID_REQUEST. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not authenticated. Codes: UNAUTHORIZED, INVALID_TOKEN. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not allowed. Codes: FORBIDDEN, INSUFFICIENT_SCOPE. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body too slow. Codes: REQUEST_TIMEOUT. */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Rate limit exceeded. Codes: RATE_LIMITED. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Server or store failure. Codes: DB_ERROR, INTERNAL_ERROR. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  getSscsFindingsPackages: {
    parameters: {
      query?: {
        limit?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              name: string;
              version: string | null;
              open: number;
            }[];
            error: null;
            meta: null;
          };
        };
      };
      /** @description Bad request. Codes: VALIDATION_FAILED, INVALID_REQUEST. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not authenticated. Codes: UNAUTHORIZED, INVALID_TOKEN. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not allowed. Codes: FORBIDDEN, INSUFFICIENT_SCOPE. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body too slow. Codes: REQUEST_TIMEOUT. */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Rate limit exceeded. Codes: RATE_LIMITED. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Server or store failure. Codes: DB_ERROR, INTERNAL_ERROR. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  getSscsFindingsTrend: {
    parameters: {
      query?: {
        days?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              days: number;
              points: {
                date: string;
                open: number;
              }[];
            };
            error: null;
            meta: null;
          };
        };
      };
      /** @description Bad request. Codes: VALIDATION_FAILED, INVALID_REQUEST. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not authenticated. Codes: UNAUTHORIZED, INVALID_TOKEN. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not allowed. Codes: FORBIDDEN, INSUFFICIENT_SCOPE. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body too slow. Codes: REQUEST_TIMEOUT. */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Rate limit exceeded. Codes: RATE_LIMITED. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Server or store failure. Codes: DB_ERROR, INTERNAL_ERROR. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  getSscsFindingsByFindingId: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        findingId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['FindingDetail'];
            error: null;
            meta: null;
          };
        };
      };
      /** @description Bad request. Codes: VALIDATION_FAILED, INVALID_REQUEST. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not authenticated. Codes: UNAUTHORIZED, INVALID_TOKEN. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not allowed. Codes: FORBIDDEN, INSUFFICIENT_SCOPE. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found (also for another organisation’s id). Codes: NOT_FOUND. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body too slow. Codes: REQUEST_TIMEOUT. */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Rate limit exceeded. Codes: RATE_LIMITED. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Server or store failure. Codes: DB_ERROR, INTERNAL_ERROR. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  patchSscsFindingsByFindingIdStatus: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        findingId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @enum {string} */
          status: 'open' | 'mitigated' | 'accepted_risk' | 'false_positive' | 'fixed';
          remediationNotes?: string;
          justification?:
            | (
                | 'code_not_present'
                | 'code_not_reachable'
                | 'requires_configuration'
                | 'requires_dependency'
                | 'requires_environment'
                | 'protected_by_compiler'
                | 'protected_at_runtime'
                | 'protected_at_perimeter'
                | 'protected_by_mitigating_control'
              )
            | null;
          response?:
            ('can_not_fix' | 'will_not_fix' | 'update' | 'rollback' | 'workaround_available')[] | null;
          detail?: string | null;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['FindingDetail'];
            error: null;
            meta: null;
          };
        };
      };
      /** @description Bad request. Codes: VALIDATION_FAILED, INVALID_REQUEST. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not authenticated. Codes: UNAUTHORIZED, INVALID_TOKEN. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not allowed. Codes: FORBIDDEN, INSUFFICIENT_SCOPE. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found (also for another organisation’s id). Codes: NOT_FOUND. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body too slow. Codes: REQUEST_TIMEOUT. */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Rate limit exceeded. Codes: RATE_LIMITED. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Server or store failure. Codes: DB_ERROR, INTERNAL_ERROR. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  getSbomRemediation: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        sbomId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              purl: string;
              currentVersion: string;
              targetVersion: string | null;
              targetAbove: string | null;
              fixes: {
                total: number;
                bySeverity: {
                  CRITICAL: number;
                  HIGH: number;
                  MEDIUM: number;
                  LOW: number;
                };
                kev: number;
              };
              remaining: number;
              findingIds: string[];
              introducedBy: string[];
            }[];
            error: null;
            meta: null;
          };
        };
      };
      /** @description Bad request. Codes: VALIDATION_FAILED, INVALID_REQUEST. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not authenticated. Codes: UNAUTHORIZED, INVALID_TOKEN. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not allowed. Codes: FORBIDDEN, INSUFFICIENT_SCOPE. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body too slow. Codes: REQUEST_TIMEOUT. */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Rate limit exceeded. Codes: RATE_LIMITED. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Server or store failure. Codes: DB_ERROR, INTERNAL_ERROR. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  getSscsPolicies: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Policy'][];
            error: null;
            meta: null;
          };
        };
      };
      /** @description Bad request. Codes: VALIDATION_FAILED, INVALID_REQUEST. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not authenticated. Codes: UNAUTHORIZED, INVALID_TOKEN. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not allowed. Codes: FORBIDDEN, INSUFFICIENT_SCOPE. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body too slow. Codes: REQUEST_TIMEOUT. */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Rate limit exceeded. Codes: RATE_LIMITED. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Server or store failure. Codes: DB_ERROR, INTERNAL_ERROR. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  postSscsPolicies: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          name: string;
          description?: string | null;
          /** @enum {string} */
          kind: 'license' | 'security' | 'operational';
          /**
           * @default any
           * @enum {string}
           */
          operator?: 'any' | 'all';
          /**
           * @default fail
           * @enum {string}
           */
          violationState?: 'info' | 'warn' | 'fail';
          conditions: {
            subject: string;
            operator: string;
            value:
              | string
              | number
              | boolean
              | {
                  [key: string]: string;
                };
          }[];
          assetNames?: string[] | null;
          tags?: string[] | null;
          /** @default true */
          enabled?: boolean;
        };
      };
    };
    responses: {
      /** @description Default Response */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Policy'];
            error: null;
            meta: null;
          };
        };
      };
      /** @description Bad request. Codes: VALIDATION_FAILED, INVALID_REQUEST. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not authenticated. Codes: UNAUTHORIZED, INVALID_TOKEN. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not allowed. Codes: FORBIDDEN, INSUFFICIENT_SCOPE. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body too slow. Codes: REQUEST_TIMEOUT. */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Rate limit exceeded. Codes: RATE_LIMITED. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Server or store failure. Codes: DB_ERROR, INTERNAL_ERROR. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  postSscsPoliciesPreview: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          name: string;
          description?: string | null;
          /** @enum {string} */
          kind: 'license' | 'security' | 'operational';
          /**
           * @default any
           * @enum {string}
           */
          operator?: 'any' | 'all';
          /**
           * @default fail
           * @enum {string}
           */
          violationState?: 'info' | 'warn' | 'fail';
          conditions: {
            subject: string;
            operator: string;
            value:
              | string
              | number
              | boolean
              | {
                  [key: string]: string;
                };
          }[];
          assetNames?: string[] | null;
          tags?: string[] | null;
          /** @default true */
          enabled?: boolean;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              sboms: number;
              violations: number;
              components: number;
              sample: {
                sbomId: string;
                assetName: string;
                componentId: string;
                component: {
                  name: string;
                  version: string | null;
                  purl: string | null;
                };
                findingId: string | null;
                /** @enum {string} */
                state: 'info' | 'warn' | 'fail';
                reason: string;
              }[];
            };
            error: null;
            meta: null;
          };
        };
      };
      /** @description Bad request. Codes: VALIDATION_FAILED, INVALID_REQUEST. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not authenticated. Codes: UNAUTHORIZED, INVALID_TOKEN. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not allowed. Codes: FORBIDDEN, INSUFFICIENT_SCOPE. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body too slow. Codes: REQUEST_TIMEOUT. */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Rate limit exceeded. Codes: RATE_LIMITED. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Server or store failure. Codes: DB_ERROR, INTERNAL_ERROR. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  getSscsPoliciesByPolicyId: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        policyId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Policy'];
            error: null;
            meta: null;
          };
        };
      };
      /** @description Bad request. Codes: VALIDATION_FAILED, INVALID_REQUEST. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not authenticated. Codes: UNAUTHORIZED, INVALID_TOKEN. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not allowed. Codes: FORBIDDEN, INSUFFICIENT_SCOPE. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body too slow. Codes: REQUEST_TIMEOUT. */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Rate limit exceeded. Codes: RATE_LIMITED. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Server or store failure. Codes: DB_ERROR, INTERNAL_ERROR. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  putSscsPoliciesByPolicyId: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        policyId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          name: string;
          description?: string | null;
          /** @enum {string} */
          kind: 'license' | 'security' | 'operational';
          /**
           * @default any
           * @enum {string}
           */
          operator?: 'any' | 'all';
          /**
           * @default fail
           * @enum {string}
           */
          violationState?: 'info' | 'warn' | 'fail';
          conditions: {
            subject: string;
            operator: string;
            value:
              | string
              | number
              | boolean
              | {
                  [key: string]: string;
                };
          }[];
          assetNames?: string[] | null;
          tags?: string[] | null;
          /** @default true */
          enabled?: boolean;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Policy'];
            error: null;
            meta: null;
          };
        };
      };
      /** @description Bad request. Codes: VALIDATION_FAILED, INVALID_REQUEST. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not authenticated. Codes: UNAUTHORIZED, INVALID_TOKEN. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not allowed. Codes: FORBIDDEN, INSUFFICIENT_SCOPE. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body too slow. Codes: REQUEST_TIMEOUT. */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Rate limit exceeded. Codes: RATE_LIMITED. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Server or store failure. Codes: DB_ERROR, INTERNAL_ERROR. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  deleteSscsPoliciesByPolicyId: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        policyId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              id: string;
              /** @enum {boolean} */
              deleted: true;
            };
            error: null;
            meta: null;
          };
        };
      };
      /** @description Bad request. Codes: VALIDATION_FAILED, INVALID_REQUEST. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not authenticated. Codes: UNAUTHORIZED, INVALID_TOKEN. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not allowed. Codes: FORBIDDEN, INSUFFICIENT_SCOPE. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body too slow. Codes: REQUEST_TIMEOUT. */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Rate limit exceeded. Codes: RATE_LIMITED. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Server or store failure. Codes: DB_ERROR, INTERNAL_ERROR. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  getSscsLicenseGroups: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['LicenseGroup'][];
            error: null;
            meta: null;
          };
        };
      };
      /** @description Bad request. Codes: VALIDATION_FAILED, INVALID_REQUEST. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not authenticated. Codes: UNAUTHORIZED, INVALID_TOKEN. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not allowed. Codes: FORBIDDEN, INSUFFICIENT_SCOPE. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body too slow. Codes: REQUEST_TIMEOUT. */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Rate limit exceeded. Codes: RATE_LIMITED. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Server or store failure. Codes: DB_ERROR, INTERNAL_ERROR. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  postSscsLicenseGroups: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          name: string;
          licenses: string[];
        };
      };
    };
    responses: {
      /** @description Default Response */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['LicenseGroup'];
            error: null;
            meta: null;
          };
        };
      };
      /** @description Bad request. Codes: VALIDATION_FAILED, INVALID_REQUEST. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not authenticated. Codes: UNAUTHORIZED, INVALID_TOKEN. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not allowed. Codes: FORBIDDEN, INSUFFICIENT_SCOPE. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body too slow. Codes: REQUEST_TIMEOUT. */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Rate limit exceeded. Codes: RATE_LIMITED. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Server or store failure. Codes: DB_ERROR, INTERNAL_ERROR. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  getSscsLicenseGroupsByGroupId: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        groupId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['LicenseGroup'];
            error: null;
            meta: null;
          };
        };
      };
      /** @description Bad request. Codes: VALIDATION_FAILED, INVALID_REQUEST. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not authenticated. Codes: UNAUTHORIZED, INVALID_TOKEN. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not allowed. Codes: FORBIDDEN, INSUFFICIENT_SCOPE. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body too slow. Codes: REQUEST_TIMEOUT. */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Rate limit exceeded. Codes: RATE_LIMITED. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Server or store failure. Codes: DB_ERROR, INTERNAL_ERROR. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  putSscsLicenseGroupsByGroupId: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        groupId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          name: string;
          licenses: string[];
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['LicenseGroup'];
            error: null;
            meta: null;
          };
        };
      };
      /** @description Bad request. Codes: VALIDATION_FAILED, INVALID_REQUEST. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not authenticated. Codes: UNAUTHORIZED, INVALID_TOKEN. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not allowed. Codes: FORBIDDEN, INSUFFICIENT_SCOPE. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body too slow. Codes: REQUEST_TIMEOUT. */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Rate limit exceeded. Codes: RATE_LIMITED. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Server or store failure. Codes: DB_ERROR, INTERNAL_ERROR. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  deleteSscsLicenseGroupsByGroupId: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        groupId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              id: string;
              /** @enum {boolean} */
              deleted: true;
            };
            error: null;
            meta: null;
          };
        };
      };
      /** @description Bad request. Codes: VALIDATION_FAILED, INVALID_REQUEST. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not authenticated. Codes: UNAUTHORIZED, INVALID_TOKEN. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not allowed. Codes: FORBIDDEN, INSUFFICIENT_SCOPE. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body too slow. Codes: REQUEST_TIMEOUT. */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Rate limit exceeded. Codes: RATE_LIMITED. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Server or store failure. Codes: DB_ERROR, INTERNAL_ERROR. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  getSscsViolations: {
    parameters: {
      query?: {
        sbomId?: string;
        assetName?: string;
        state?: 'info' | 'warn' | 'fail';
        kind?: 'license' | 'security' | 'operational';
        policyId?: string;
        status?: 'open' | 'suppressed';
        limit?: number;
        cursor?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Violation'][];
            error: null;
            meta: {
              nextCursor: string | null;
            } | null;
          };
        };
      };
      /** @description Bad request. Codes: VALIDATION_FAILED, INVALID_REQUEST. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not authenticated. Codes: UNAUTHORIZED, INVALID_TOKEN. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not allowed. Codes: FORBIDDEN, INSUFFICIENT_SCOPE. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body too slow. Codes: REQUEST_TIMEOUT. */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Rate limit exceeded. Codes: RATE_LIMITED. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Server or store failure. Codes: DB_ERROR, INTERNAL_ERROR. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  getSscsViolationsSummary: {
    parameters: {
      query?: {
        sbomId?: string;
        assetName?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              fail: number;
              warn: number;
              info: number;
              total: number;
            };
            error: null;
            meta: null;
          };
        };
      };
      /** @description Bad request. Codes: VALIDATION_FAILED, INVALID_REQUEST. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not authenticated. Codes: UNAUTHORIZED, INVALID_TOKEN. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not allowed. Codes: FORBIDDEN, INSUFFICIENT_SCOPE. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body too slow. Codes: REQUEST_TIMEOUT. */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Rate limit exceeded. Codes: RATE_LIMITED. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Server or store failure. Codes: DB_ERROR, INTERNAL_ERROR. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  getSscsViolationsSummarySboms: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              fail: number;
              warn: number;
              info: number;
              total: number;
              sbomId: string;
            }[];
            error: null;
            meta: null;
          };
        };
      };
      /** @description Bad request. Codes: VALIDATION_FAILED, INVALID_REQUEST. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not authenticated. Codes: UNAUTHORIZED, INVALID_TOKEN. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not allowed. Codes: FORBIDDEN, INSUFFICIENT_SCOPE. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body too slow. Codes: REQUEST_TIMEOUT. */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Rate limit exceeded. Codes: RATE_LIMITED. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Server or store failure. Codes: DB_ERROR, INTERNAL_ERROR. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  getSscsViolationsByViolationId: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        violationId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['ViolationDetail'];
            error: null;
            meta: null;
          };
        };
      };
      /** @description Bad request. Codes: VALIDATION_FAILED, INVALID_REQUEST. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not authenticated. Codes: UNAUTHORIZED, INVALID_TOKEN. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not allowed. Codes: FORBIDDEN, INSUFFICIENT_SCOPE. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body too slow. Codes: REQUEST_TIMEOUT. */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Rate limit exceeded. Codes: RATE_LIMITED. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Server or store failure. Codes: DB_ERROR, INTERNAL_ERROR. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  patchSscsViolationsByViolationId: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        violationId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @enum {string} */
          status: 'open' | 'suppressed';
          comment?: string | null;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['ViolationDetail'];
            error: null;
            meta: null;
          };
        };
      };
      /** @description Bad request. Codes: VALIDATION_FAILED, INVALID_REQUEST. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not authenticated. Codes: UNAUTHORIZED, INVALID_TOKEN. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not allowed. Codes: FORBIDDEN, INSUFFICIENT_SCOPE. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body too slow. Codes: REQUEST_TIMEOUT. */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Rate limit exceeded. Codes: RATE_LIMITED. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Server or store failure. Codes: DB_ERROR, INTERNAL_ERROR. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  getSscsTriageRules: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['TriageRule'][];
            error: null;
            meta: null;
          };
        };
      };
      /** @description Bad request. Codes: VALIDATION_FAILED, INVALID_REQUEST. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not authenticated. Codes: UNAUTHORIZED, INVALID_TOKEN. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not allowed. Codes: FORBIDDEN, INSUFFICIENT_SCOPE. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body too slow. Codes: REQUEST_TIMEOUT. */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Rate limit exceeded. Codes: RATE_LIMITED. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Server or store failure. Codes: DB_ERROR, INTERNAL_ERROR. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  postSscsTriageRules: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          name: string;
          match: {
            vulnerabilityIds?: string[];
            purls?: string[];
            assetNames?: string[];
            tags?: string[];
            expression?: string;
          };
          analysis: {
            /** @enum {string} */
            status: 'false_positive' | 'accepted_risk' | 'mitigated';
            /** @enum {string} */
            justification?:
              | 'code_not_present'
              | 'code_not_reachable'
              | 'requires_configuration'
              | 'requires_dependency'
              | 'requires_environment'
              | 'protected_by_compiler'
              | 'protected_at_runtime'
              | 'protected_at_perimeter'
              | 'protected_by_mitigating_control';
            response?: ('can_not_fix' | 'will_not_fix' | 'update' | 'rollback' | 'workaround_available')[];
            detail: string;
          };
          /** Format: date-time */
          validFrom?: string;
          /** Format: date-time */
          validUntil?: string;
          /** @default 50 */
          priority?: number;
        };
      };
    };
    responses: {
      /** @description Default Response */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              id: string;
              name: string;
              match: {
                vulnerabilityIds?: string[];
                purls?: string[];
                assetNames?: string[];
                tags?: string[];
                expression?: string;
              };
              analysis: {
                /** @enum {string} */
                status: 'false_positive' | 'accepted_risk' | 'mitigated';
                justification:
                  | (
                      | 'code_not_present'
                      | 'code_not_reachable'
                      | 'requires_configuration'
                      | 'requires_dependency'
                      | 'requires_environment'
                      | 'protected_by_compiler'
                      | 'protected_at_runtime'
                      | 'protected_at_perimeter'
                      | 'protected_by_mitigating_control'
                    )
                  | null;
                response: ('can_not_fix' | 'will_not_fix' | 'update' | 'rollback' | 'workaround_available')[];
                detail: string;
              };
              validFrom: string | null;
              validUntil: string | null;
              priority: number;
              active: boolean;
              createdBy: string;
              createdAt: string;
              updatedAt: string;
              effect: {
                triaged: number;
                reopened: number;
              };
            };
            error: null;
            meta: null;
          };
        };
      };
      /** @description Bad request. Codes: VALIDATION_FAILED, INVALID_REQUEST. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not authenticated. Codes: UNAUTHORIZED, INVALID_TOKEN. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not allowed. Codes: FORBIDDEN, INSUFFICIENT_SCOPE. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body too slow. Codes: REQUEST_TIMEOUT. */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Rate limit exceeded. Codes: RATE_LIMITED. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Server or store failure. Codes: DB_ERROR, INTERNAL_ERROR. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  getSscsTriageRulesByRuleId: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        ruleId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['TriageRule'];
            error: null;
            meta: null;
          };
        };
      };
      /** @description Bad request. Codes: VALIDATION_FAILED, INVALID_REQUEST. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not authenticated. Codes: UNAUTHORIZED, INVALID_TOKEN. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not allowed. Codes: FORBIDDEN, INSUFFICIENT_SCOPE. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body too slow. Codes: REQUEST_TIMEOUT. */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Rate limit exceeded. Codes: RATE_LIMITED. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Server or store failure. Codes: DB_ERROR, INTERNAL_ERROR. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  putSscsTriageRulesByRuleId: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        ruleId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          name: string;
          match: {
            vulnerabilityIds?: string[];
            purls?: string[];
            assetNames?: string[];
            tags?: string[];
            expression?: string;
          };
          analysis: {
            /** @enum {string} */
            status: 'false_positive' | 'accepted_risk' | 'mitigated';
            /** @enum {string} */
            justification?:
              | 'code_not_present'
              | 'code_not_reachable'
              | 'requires_configuration'
              | 'requires_dependency'
              | 'requires_environment'
              | 'protected_by_compiler'
              | 'protected_at_runtime'
              | 'protected_at_perimeter'
              | 'protected_by_mitigating_control';
            response?: ('can_not_fix' | 'will_not_fix' | 'update' | 'rollback' | 'workaround_available')[];
            detail: string;
          };
          /** Format: date-time */
          validFrom?: string;
          /** Format: date-time */
          validUntil?: string;
          /** @default 50 */
          priority?: number;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              id: string;
              name: string;
              match: {
                vulnerabilityIds?: string[];
                purls?: string[];
                assetNames?: string[];
                tags?: string[];
                expression?: string;
              };
              analysis: {
                /** @enum {string} */
                status: 'false_positive' | 'accepted_risk' | 'mitigated';
                justification:
                  | (
                      | 'code_not_present'
                      | 'code_not_reachable'
                      | 'requires_configuration'
                      | 'requires_dependency'
                      | 'requires_environment'
                      | 'protected_by_compiler'
                      | 'protected_at_runtime'
                      | 'protected_at_perimeter'
                      | 'protected_by_mitigating_control'
                    )
                  | null;
                response: ('can_not_fix' | 'will_not_fix' | 'update' | 'rollback' | 'workaround_available')[];
                detail: string;
              };
              validFrom: string | null;
              validUntil: string | null;
              priority: number;
              active: boolean;
              createdBy: string;
              createdAt: string;
              updatedAt: string;
              effect: {
                triaged: number;
                reopened: number;
              };
            };
            error: null;
            meta: null;
          };
        };
      };
      /** @description Bad request. Codes: VALIDATION_FAILED, INVALID_REQUEST. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not authenticated. Codes: UNAUTHORIZED, INVALID_TOKEN. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not allowed. Codes: FORBIDDEN, INSUFFICIENT_SCOPE. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body too slow. Codes: REQUEST_TIMEOUT. */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Rate limit exceeded. Codes: RATE_LIMITED. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Server or store failure. Codes: DB_ERROR, INTERNAL_ERROR. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  deleteSscsTriageRulesByRuleId: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        ruleId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              id: string;
              name: string;
              match: {
                vulnerabilityIds?: string[];
                purls?: string[];
                assetNames?: string[];
                tags?: string[];
                expression?: string;
              };
              analysis: {
                /** @enum {string} */
                status: 'false_positive' | 'accepted_risk' | 'mitigated';
                justification:
                  | (
                      | 'code_not_present'
                      | 'code_not_reachable'
                      | 'requires_configuration'
                      | 'requires_dependency'
                      | 'requires_environment'
                      | 'protected_by_compiler'
                      | 'protected_at_runtime'
                      | 'protected_at_perimeter'
                      | 'protected_by_mitigating_control'
                    )
                  | null;
                response: ('can_not_fix' | 'will_not_fix' | 'update' | 'rollback' | 'workaround_available')[];
                detail: string;
              };
              validFrom: string | null;
              validUntil: string | null;
              priority: number;
              active: boolean;
              createdBy: string;
              createdAt: string;
              updatedAt: string;
              effect: {
                triaged: number;
                reopened: number;
              };
            };
            error: null;
            meta: null;
          };
        };
      };
      /** @description Bad request. Codes: VALIDATION_FAILED, INVALID_REQUEST. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not authenticated. Codes: UNAUTHORIZED, INVALID_TOKEN. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not allowed. Codes: FORBIDDEN, INSUFFICIENT_SCOPE. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body too slow. Codes: REQUEST_TIMEOUT. */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Rate limit exceeded. Codes: RATE_LIMITED. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Server or store failure. Codes: DB_ERROR, INTERNAL_ERROR. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  postSscsTriageRulesPreview: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          name: string;
          match: {
            vulnerabilityIds?: string[];
            purls?: string[];
            assetNames?: string[];
            tags?: string[];
            expression?: string;
          };
          analysis: {
            /** @enum {string} */
            status: 'false_positive' | 'accepted_risk' | 'mitigated';
            /** @enum {string} */
            justification?:
              | 'code_not_present'
              | 'code_not_reachable'
              | 'requires_configuration'
              | 'requires_dependency'
              | 'requires_environment'
              | 'protected_by_compiler'
              | 'protected_at_runtime'
              | 'protected_at_perimeter'
              | 'protected_by_mitigating_control';
            response?: ('can_not_fix' | 'will_not_fix' | 'update' | 'rollback' | 'workaround_available')[];
            detail: string;
          };
          /** Format: date-time */
          validFrom?: string;
          /** Format: date-time */
          validUntil?: string;
          /** @default 50 */
          priority?: number;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              matching: number;
              wouldChange: number;
              findings: {
                id: string;
                vulnerabilityId: string;
                component: {
                  name: string;
                  version: string | null;
                  purl: string | null;
                };
                assetName: string;
                status: string;
                triageRuleId: string | null;
              }[];
            };
            error: null;
            meta: null;
          };
        };
      };
      /** @description Bad request. Codes: VALIDATION_FAILED, INVALID_REQUEST. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not authenticated. Codes: UNAUTHORIZED, INVALID_TOKEN. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not allowed. Codes: FORBIDDEN, INSUFFICIENT_SCOPE. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body too slow. Codes: REQUEST_TIMEOUT. */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Rate limit exceeded. Codes: RATE_LIMITED. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Server or store failure. Codes: DB_ERROR, INTERNAL_ERROR. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  postSscsScan: {
    parameters: {
      query?: {
        remediation?: 'true' | 'false';
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'multipart/form-data': {
          /**
           * Format: binary
           * @description The SBOM file, as for the upload.
           */
          file: string;
          /** @description Applies the triage recorded on this asset's latest SBOM. */
          assetName?: string;
          /** @description Accepted and ignored. */
          name?: string;
          /** @description Accepted and ignored. */
          version?: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              /** @enum {string} */
              format: 'cyclonedx' | 'spdx';
              specVersion: string;
              componentCount: number;
              findings: {
                component: {
                  name: string;
                  version: string | null;
                  purl: string | null;
                };
                vulnerabilityId: string;
                aliases: string[];
                summary: string | null;
                /** @enum {string} */
                severity: 'CRITICAL' | 'HIGH' | 'MEDIUM' | 'LOW';
                /** @enum {string} */
                severitySource: 'cvss_v4' | 'cvss_v3' | 'cvss_v2' | 'advisory' | 'default';
                cvssScore: number | null;
                cvssVector: string | null;
                fixedVersions: string[];
                references: {
                  type: string;
                  url: string;
                }[];
                /** @enum {string} */
                status: 'open' | 'mitigated' | 'accepted_risk' | 'false_positive' | 'fixed';
                remediationNotes: string | null;
                kev: {
                  dateAdded: string;
                  dueDate: string | null;
                  knownRansomwareCampaignUse: string;
                } | null;
                direct: boolean | null;
                paths: string[][];
              }[];
              summary: {
                CRITICAL: number;
                HIGH: number;
                MEDIUM: number;
                LOW: number;
                total: number;
                kev: number;
              };
              remediation?: {
                purl: string;
                currentVersion: string;
                targetVersion: string | null;
                targetAbove: string | null;
                fixes: {
                  total: number;
                  bySeverity: {
                    CRITICAL: number;
                    HIGH: number;
                    MEDIUM: number;
                    LOW: number;
                  };
                  kev: number;
                };
                remaining: number;
                findingIds: string[];
                introducedBy: string[];
              }[];
              violations: {
                policyId: string;
                policyName: string;
                /** @enum {string} */
                kind: 'license' | 'security' | 'operational';
                /** @enum {string} */
                state: 'info' | 'warn' | 'fail';
                component: {
                  name: string;
                  version: string | null;
                  purl: string | null;
                };
                vulnerabilityId: string | null;
                reason: string;
                /** @enum {string} */
                status: 'open' | 'suppressed';
              }[];
            };
            error: null;
            meta: {
              coverage: {
                ecosystem: string;
                components: number;
                advisories: number;
              }[];
            };
          };
        };
      };
      /** @description Bad request. Codes: VALIDATION_FAILED, INVALID_REQUEST. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not authenticated. Codes: UNAUTHORIZED, INVALID_TOKEN. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not allowed. Codes: FORBIDDEN, INSUFFICIENT_SCOPE. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body too slow. Codes: REQUEST_TIMEOUT. */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Rate limit exceeded. Codes: RATE_LIMITED. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Server or store failure. Codes: DB_ERROR, INTERNAL_ERROR. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  getSscsSbomsBySbomIdExport: {
    parameters: {
      query: {
        format: 'cyclonedx' | 'cyclonedx-vex' | 'openvex' | 'sarif' | 'csv' | 'violations-csv';
      };
      header?: never;
      path: {
        sbomId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The file (Content-Disposition names it), not an envelope. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/vnd.cyclonedx+json': string;
          'application/json': string;
          'application/sarif+json': string;
          'text/csv': string;
        };
      };
      /** @description Bad request. Codes: VALIDATION_FAILED, INVALID_REQUEST. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not authenticated. Codes: UNAUTHORIZED, INVALID_TOKEN. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not allowed. Codes: FORBIDDEN, INSUFFICIENT_SCOPE. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body too slow. Codes: REQUEST_TIMEOUT. */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Rate limit exceeded. Codes: RATE_LIMITED. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Server or store failure. Codes: DB_ERROR, INTERNAL_ERROR. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  getSscsAssetsByAssetIdExport: {
    parameters: {
      query: {
        format: 'cyclonedx' | 'cyclonedx-vex' | 'openvex' | 'sarif' | 'csv' | 'violations-csv';
      };
      header?: never;
      path: {
        assetId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Bad request. Codes: VALIDATION_FAILED, INVALID_REQUEST. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not authenticated. Codes: UNAUTHORIZED, INVALID_TOKEN. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not allowed. Codes: FORBIDDEN, INSUFFICIENT_SCOPE. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body too slow. Codes: REQUEST_TIMEOUT. */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Rate limit exceeded. Codes: RATE_LIMITED. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Server or store failure. Codes: DB_ERROR, INTERNAL_ERROR. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  postSscsVex: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          [key: string]: unknown;
        };
        'multipart/form-data': {
          /**
           * Format: binary
           * @description The VEX document.
           */
          file: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              applied: number;
              unchanged: number;
              unmatched: {
                vulnerabilityId: string;
                product: string;
                reason: string;
              }[];
            };
            error: null;
            meta: null;
          };
        };
      };
      /** @description Bad request. Codes: VALIDATION_FAILED, INVALID_REQUEST. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not authenticated. Codes: UNAUTHORIZED, INVALID_TOKEN. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not allowed. Codes: FORBIDDEN, INSUFFICIENT_SCOPE. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body too slow. Codes: REQUEST_TIMEOUT. */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Rate limit exceeded. Codes: RATE_LIMITED. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Server or store failure. Codes: DB_ERROR, INTERNAL_ERROR. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  getSscsSbomsBySbomIdDiff: {
    parameters: {
      query: {
        against: string;
      };
      header?: never;
      path: {
        sbomId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              added: {
                name: string;
                version: string | null;
                purl: string | null;
              }[];
              removed: {
                name: string;
                version: string | null;
                purl: string | null;
              }[];
              changed: {
                name: string;
                purl: string | null;
                from: string | null;
                to: string | null;
              }[];
              findingsIntroduced: {
                findingId: string;
                vulnerabilityId: string;
                severity: string;
                status: string;
                component: {
                  name: string;
                  version: string | null;
                  purl: string | null;
                };
              }[];
              findingsResolved: {
                findingId: string;
                vulnerabilityId: string;
                severity: string;
                status: string;
                component: {
                  name: string;
                  version: string | null;
                  purl: string | null;
                };
              }[];
            };
            error: null;
            meta: null;
          };
        };
      };
      /** @description Bad request. Codes: VALIDATION_FAILED, INVALID_REQUEST. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not authenticated. Codes: UNAUTHORIZED, INVALID_TOKEN. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not allowed. Codes: FORBIDDEN, INSUFFICIENT_SCOPE. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found (also for another organisation’s id). Codes: NOT_FOUND. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body too slow. Codes: REQUEST_TIMEOUT. */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Rate limit exceeded. Codes: RATE_LIMITED. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Server or store failure. Codes: DB_ERROR, INTERNAL_ERROR. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  getSscsAssets: {
    parameters: {
      query?: {
        q?: string;
        active?: 'true' | 'false' | 'all';
        tag?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Asset'][];
            error: null;
            meta: null;
          };
        };
      };
      /** @description Bad request. Codes: VALIDATION_FAILED, INVALID_REQUEST. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not authenticated. Codes: UNAUTHORIZED, INVALID_TOKEN. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not allowed. Codes: FORBIDDEN, INSUFFICIENT_SCOPE. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body too slow. Codes: REQUEST_TIMEOUT. */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Rate limit exceeded. Codes: RATE_LIMITED. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Server or store failure. Codes: DB_ERROR, INTERNAL_ERROR. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  postSscsAssets: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          name: string;
          parentId?: string | null;
          tags?: string[];
          /** @enum {string} */
          classifier?: 'application' | 'library' | 'container' | 'firmware' | 'service' | 'other';
          active?: boolean;
          retention?: {
            keepVersions?: number;
            maxAgeDays?: number;
            inactiveAfterDays?: number;
          } | null;
        };
      };
    };
    responses: {
      /** @description Default Response */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              id: string;
              name: string;
              assetName: string;
              parentId: string | null;
              tags: string[];
              /** @enum {string} */
              classifier: 'application' | 'library' | 'container' | 'firmware' | 'service' | 'other';
              active: boolean;
              retention: {
                keepVersions?: number;
                maxAgeDays?: number;
                inactiveAfterDays?: number;
              } | null;
              effectiveRetention: {
                keepVersions?: number;
                maxAgeDays?: number;
                inactiveAfterDays?: number;
              };
              lastUploadAt: string | null;
              versions: {
                version: string | null;
                sbomId: string;
                createdAt: string;
              }[];
              latestSbomId: string | null;
              openFindings: {
                CRITICAL: number;
                HIGH: number;
                MEDIUM: number;
                LOW: number;
                total: number;
              };
              openViolations: {
                fail: number;
                warn: number;
                info: number;
                total: number;
              };
              rollup: {
                assets: number;
                openFindings: {
                  CRITICAL: number;
                  HIGH: number;
                  MEDIUM: number;
                  LOW: number;
                  total: number;
                };
                openViolations: {
                  fail: number;
                  warn: number;
                  info: number;
                  total: number;
                };
              };
              createdAt: string;
              updatedAt: string;
              children: {
                id: string;
                name: string;
              }[];
            };
            error: null;
            meta: null;
          };
        };
      };
      /** @description Bad request. Codes: VALIDATION_FAILED, INVALID_REQUEST. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not authenticated. Codes: UNAUTHORIZED, INVALID_TOKEN. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not allowed. Codes: FORBIDDEN, INSUFFICIENT_SCOPE. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body too slow. Codes: REQUEST_TIMEOUT. */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Conflict. Codes: CONFLICT. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Rate limit exceeded. Codes: RATE_LIMITED. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Server or store failure. Codes: DB_ERROR, INTERNAL_ERROR. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  postSscsAssetsRetentionRun: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              assetsSwept: number;
              sbomsDeleted: number;
              assetsDeactivated: number;
            };
            error: null;
            meta: null;
          };
        };
      };
      /** @description Bad request. Codes: VALIDATION_FAILED, INVALID_REQUEST. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not authenticated. Codes: UNAUTHORIZED, INVALID_TOKEN. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not allowed. Codes: FORBIDDEN, INSUFFICIENT_SCOPE. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body too slow. Codes: REQUEST_TIMEOUT. */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Rate limit exceeded. Codes: RATE_LIMITED. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Server or store failure. Codes: DB_ERROR, INTERNAL_ERROR. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  getSscsAssetsByAssetId: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        assetId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              id: string;
              name: string;
              assetName: string;
              parentId: string | null;
              tags: string[];
              /** @enum {string} */
              classifier: 'application' | 'library' | 'container' | 'firmware' | 'service' | 'other';
              active: boolean;
              retention: {
                keepVersions?: number;
                maxAgeDays?: number;
                inactiveAfterDays?: number;
              } | null;
              effectiveRetention: {
                keepVersions?: number;
                maxAgeDays?: number;
                inactiveAfterDays?: number;
              };
              lastUploadAt: string | null;
              versions: {
                version: string | null;
                sbomId: string;
                createdAt: string;
              }[];
              latestSbomId: string | null;
              openFindings: {
                CRITICAL: number;
                HIGH: number;
                MEDIUM: number;
                LOW: number;
                total: number;
              };
              openViolations: {
                fail: number;
                warn: number;
                info: number;
                total: number;
              };
              rollup: {
                assets: number;
                openFindings: {
                  CRITICAL: number;
                  HIGH: number;
                  MEDIUM: number;
                  LOW: number;
                  total: number;
                };
                openViolations: {
                  fail: number;
                  warn: number;
                  info: number;
                  total: number;
                };
              };
              createdAt: string;
              updatedAt: string;
              children: {
                id: string;
                name: string;
              }[];
            };
            error: null;
            meta: null;
          };
        };
      };
      /** @description Bad request. Codes: VALIDATION_FAILED, INVALID_REQUEST. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not authenticated. Codes: UNAUTHORIZED, INVALID_TOKEN. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not allowed. Codes: FORBIDDEN, INSUFFICIENT_SCOPE. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found (also for another organisation’s id). Codes: NOT_FOUND. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body too slow. Codes: REQUEST_TIMEOUT. */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Rate limit exceeded. Codes: RATE_LIMITED. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Server or store failure. Codes: DB_ERROR, INTERNAL_ERROR. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  deleteSscsAssetsByAssetId: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        assetId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              id: string;
              /** @enum {boolean} */
              deleted: true;
              sbomsDeleted: number;
            };
            error: null;
            meta: null;
          };
        };
      };
      /** @description Bad request. Codes: VALIDATION_FAILED, INVALID_REQUEST. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not authenticated. Codes: UNAUTHORIZED, INVALID_TOKEN. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not allowed. Codes: FORBIDDEN, INSUFFICIENT_SCOPE. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found (also for another organisation’s id). Codes: NOT_FOUND. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body too slow. Codes: REQUEST_TIMEOUT. */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Conflict. Codes: CONFLICT. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Rate limit exceeded. Codes: RATE_LIMITED. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Server or store failure. Codes: DB_ERROR, INTERNAL_ERROR. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  patchSscsAssetsByAssetId: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        assetId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          name?: string;
          parentId?: string | null;
          tags?: string[];
          /** @enum {string} */
          classifier?: 'application' | 'library' | 'container' | 'firmware' | 'service' | 'other';
          active?: boolean;
          retention?: {
            keepVersions?: number;
            maxAgeDays?: number;
            inactiveAfterDays?: number;
          } | null;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              id: string;
              name: string;
              assetName: string;
              parentId: string | null;
              tags: string[];
              /** @enum {string} */
              classifier: 'application' | 'library' | 'container' | 'firmware' | 'service' | 'other';
              active: boolean;
              retention: {
                keepVersions?: number;
                maxAgeDays?: number;
                inactiveAfterDays?: number;
              } | null;
              effectiveRetention: {
                keepVersions?: number;
                maxAgeDays?: number;
                inactiveAfterDays?: number;
              };
              lastUploadAt: string | null;
              versions: {
                version: string | null;
                sbomId: string;
                createdAt: string;
              }[];
              latestSbomId: string | null;
              openFindings: {
                CRITICAL: number;
                HIGH: number;
                MEDIUM: number;
                LOW: number;
                total: number;
              };
              openViolations: {
                fail: number;
                warn: number;
                info: number;
                total: number;
              };
              rollup: {
                assets: number;
                openFindings: {
                  CRITICAL: number;
                  HIGH: number;
                  MEDIUM: number;
                  LOW: number;
                  total: number;
                };
                openViolations: {
                  fail: number;
                  warn: number;
                  info: number;
                  total: number;
                };
              };
              createdAt: string;
              updatedAt: string;
              children: {
                id: string;
                name: string;
              }[];
            };
            error: null;
            meta: null;
          };
        };
      };
      /** @description Bad request. Codes: VALIDATION_FAILED, INVALID_REQUEST. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not authenticated. Codes: UNAUTHORIZED, INVALID_TOKEN. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not allowed. Codes: FORBIDDEN, INSUFFICIENT_SCOPE. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found (also for another organisation’s id). Codes: NOT_FOUND. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body too slow. Codes: REQUEST_TIMEOUT. */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Conflict. Codes: CONFLICT. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Rate limit exceeded. Codes: RATE_LIMITED. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Server or store failure. Codes: DB_ERROR, INTERNAL_ERROR. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  getWebhooks: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              id: string;
              url: string;
              events: (
                | 'sbom.uploaded'
                | 'sbom.deleted'
                | 'finding.created'
                | 'finding.status_changed'
                | 'finding.retracted'
                | 'vulndb.synced'
                | 'vendor.created'
                | 'vendor.replaced'
                | 'risk.draft_created'
                | 'policy.violation'
              )[];
              minSeverity: ('LOW' | 'MEDIUM' | 'HIGH' | 'CRITICAL') | null;
              kevOnly: boolean;
              /** @enum {string} */
              format: 'standard' | 'slack';
              enabled: boolean;
              failingSince: string | null;
              disabledAt: string | null;
              disabledReason: string | null;
              createdAt: string;
            }[];
            error: null;
            meta: null;
          };
        };
      };
      /** @description Bad request. Codes: VALIDATION_FAILED, INVALID_REQUEST. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not authenticated. Codes: UNAUTHORIZED, INVALID_TOKEN. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not allowed. Codes: FORBIDDEN, INSUFFICIENT_SCOPE. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body too slow. Codes: REQUEST_TIMEOUT. */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Rate limit exceeded. Codes: RATE_LIMITED. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Server or store failure. Codes: DB_ERROR, INTERNAL_ERROR. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  postWebhooks: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          url: string;
          events?: (
            | 'sbom.uploaded'
            | 'sbom.deleted'
            | 'finding.created'
            | 'finding.status_changed'
            | 'finding.retracted'
            | 'vulndb.synced'
            | 'vendor.created'
            | 'vendor.replaced'
            | 'risk.draft_created'
            | 'policy.violation'
          )[];
          /** @enum {string} */
          minSeverity?: 'LOW' | 'MEDIUM' | 'HIGH' | 'CRITICAL';
          kevOnly?: boolean;
          /** @enum {string} */
          format?: 'standard' | 'slack';
        };
      };
    };
    responses: {
      /** @description Default Response */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              id: string;
              url: string;
              events: (
                | 'sbom.uploaded'
                | 'sbom.deleted'
                | 'finding.created'
                | 'finding.status_changed'
                | 'finding.retracted'
                | 'vulndb.synced'
                | 'vendor.created'
                | 'vendor.replaced'
                | 'risk.draft_created'
                | 'policy.violation'
              )[];
              minSeverity: ('LOW' | 'MEDIUM' | 'HIGH' | 'CRITICAL') | null;
              kevOnly: boolean;
              /** @enum {string} */
              format: 'standard' | 'slack';
              enabled: boolean;
              failingSince: string | null;
              disabledAt: string | null;
              disabledReason: string | null;
              createdAt: string;
              secret: string;
            };
            error: null;
            meta: null;
          };
        };
      };
      /** @description Bad request. Codes: VALIDATION_FAILED, INVALID_REQUEST. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not authenticated. Codes: UNAUTHORIZED, INVALID_TOKEN. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not allowed. Codes: FORBIDDEN, INSUFFICIENT_SCOPE. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body too slow. Codes: REQUEST_TIMEOUT. */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Rate limit exceeded. Codes: RATE_LIMITED. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Server or store failure. Codes: DB_ERROR, INTERNAL_ERROR. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  deleteWebhooksByWebhookId: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        webhookId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              id: string;
              /** @enum {boolean} */
              deleted: true;
            };
            error: null;
            meta: null;
          };
        };
      };
      /** @description Bad request. Codes: VALIDATION_FAILED, INVALID_REQUEST. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not authenticated. Codes: UNAUTHORIZED, INVALID_TOKEN. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not allowed. Codes: FORBIDDEN, INSUFFICIENT_SCOPE. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body too slow. Codes: REQUEST_TIMEOUT. */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Rate limit exceeded. Codes: RATE_LIMITED. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Server or store failure. Codes: DB_ERROR, INTERNAL_ERROR. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  getWebhooksByWebhookIdDeliveries: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        webhookId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              id: string;
              webhookId: string;
              eventId: string;
              eventType: string;
              /** @enum {string} */
              status: 'pending' | 'succeeded' | 'failed' | 'skipped';
              attempts: number;
              nextAttemptAt: string | null;
              lastStatusCode: number | null;
              lastError: string | null;
              createdAt: string;
              deliveredAt: string | null;
              log: {
                attempt: number;
                statusCode: number | null;
                durationMs: number;
                error: string | null;
                at: string;
              }[];
            }[];
            error: null;
            meta: null;
          };
        };
      };
      /** @description Bad request. Codes: VALIDATION_FAILED, INVALID_REQUEST. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not authenticated. Codes: UNAUTHORIZED, INVALID_TOKEN. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not allowed. Codes: FORBIDDEN, INSUFFICIENT_SCOPE. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body too slow. Codes: REQUEST_TIMEOUT. */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Rate limit exceeded. Codes: RATE_LIMITED. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Server or store failure. Codes: DB_ERROR, INTERNAL_ERROR. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  postWebhooksByWebhookIdDeliveriesByDeliveryIdRedeliver: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        webhookId: string;
        deliveryId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              id: string;
              webhookId: string;
              eventId: string;
              eventType: string;
              /** @enum {string} */
              status: 'pending' | 'succeeded' | 'failed' | 'skipped';
              attempts: number;
              nextAttemptAt: string | null;
              lastStatusCode: number | null;
              lastError: string | null;
              createdAt: string;
              deliveredAt: string | null;
              log: {
                attempt: number;
                statusCode: number | null;
                durationMs: number;
                error: string | null;
                at: string;
              }[];
            };
            error: null;
            meta: null;
          };
        };
      };
      /** @description Bad request. Codes: VALIDATION_FAILED, INVALID_REQUEST. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not authenticated. Codes: UNAUTHORIZED, INVALID_TOKEN. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not allowed. Codes: FORBIDDEN, INSUFFICIENT_SCOPE. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body too slow. Codes: REQUEST_TIMEOUT. */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Rate limit exceeded. Codes: RATE_LIMITED. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Server or store failure. Codes: DB_ERROR, INTERNAL_ERROR. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  getVulndbStatus: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              osv: {
                ecosystem: string;
                advisories: number;
                lastSyncAt: string | null;
                lastError: string | null;
                source: string | null;
              }[];
              kev: {
                entries: number;
                catalogVersion: string | null;
                lastSyncAt: string | null;
              };
              epss: {
                entries: number;
                scoreDate: string | null;
                lastSyncAt: string | null;
              };
              ecosystemsWithoutAdvisories: string[];
            };
            error: null;
            meta: null;
          };
        };
      };
      /** @description Bad request. Codes: VALIDATION_FAILED, INVALID_REQUEST. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not authenticated. Codes: UNAUTHORIZED, INVALID_TOKEN. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not allowed. Codes: FORBIDDEN, INSUFFICIENT_SCOPE. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body too slow. Codes: REQUEST_TIMEOUT. */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Rate limit exceeded. Codes: RATE_LIMITED. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Server or store failure. Codes: DB_ERROR, INTERNAL_ERROR. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  getAudit: {
    parameters: {
      query?: {
        actorId?: string;
        action?: string;
        limit?: number;
        offset?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              items: {
                id: string;
                action: string;
                actor: {
                  id: string;
                  email: string | null;
                  name: string | null;
                };
                entityType: string;
                entityId: string | null;
                details: {
                  [key: string]: unknown;
                } | null;
                at: string;
              }[];
              total: number;
              limit: number;
              offset: number;
            };
            error: null;
            meta: null;
          };
        };
      };
      /** @description Bad request. Codes: VALIDATION_FAILED, INVALID_REQUEST. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not authenticated. Codes: UNAUTHORIZED, INVALID_TOKEN. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not allowed. Codes: FORBIDDEN, INSUFFICIENT_SCOPE. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body too slow. Codes: REQUEST_TIMEOUT. */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Rate limit exceeded. Codes: RATE_LIMITED. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Server or store failure. Codes: DB_ERROR, INTERNAL_ERROR. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  postGovernanceEvidenceCollect: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': Record<string, never>;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              runId: string;
              collectedAt: string;
              projectId: string | null;
              validUntil: string;
              passed: number;
              failed: number;
              results: {
                collector: string;
                title: string;
                controls: string[];
                passed: boolean;
                figures: {
                  [key: string]: number | string | null;
                };
                reasons: string[];
                offending: string[];
                evidenceIds: string[];
              }[];
            };
            error: null;
            meta: null;
          };
        };
      };
      /** @description Bad request. Codes: VALIDATION_FAILED, INVALID_REQUEST. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not authenticated. Codes: UNAUTHORIZED, INVALID_TOKEN. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not allowed. Codes: FORBIDDEN, INSUFFICIENT_SCOPE. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body too slow. Codes: REQUEST_TIMEOUT. */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Rate limit exceeded. Codes: RATE_LIMITED. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Server or store failure. Codes: DB_ERROR, INTERNAL_ERROR. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  getGovernanceEvidenceSettings: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              vulnerabilitySlaDays: {
                criticalDays: number;
                highDays: number;
              };
            };
            error: null;
            meta: null;
          };
        };
      };
      /** @description Bad request. Codes: VALIDATION_FAILED, INVALID_REQUEST. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not authenticated. Codes: UNAUTHORIZED, INVALID_TOKEN. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not allowed. Codes: FORBIDDEN, INSUFFICIENT_SCOPE. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body too slow. Codes: REQUEST_TIMEOUT. */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Rate limit exceeded. Codes: RATE_LIMITED. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Server or store failure. Codes: DB_ERROR, INTERNAL_ERROR. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  putGovernanceEvidenceSettings: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          vulnerabilitySlaDays: {
            criticalDays: number;
            highDays: number;
          };
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              vulnerabilitySlaDays: {
                criticalDays: number;
                highDays: number;
              };
            };
            error: null;
            meta: null;
          };
        };
      };
      /** @description Bad request. Codes: VALIDATION_FAILED, INVALID_REQUEST. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not authenticated. Codes: UNAUTHORIZED, INVALID_TOKEN. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not allowed. Codes: FORBIDDEN, INSUFFICIENT_SCOPE. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body too slow. Codes: REQUEST_TIMEOUT. */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Rate limit exceeded. Codes: RATE_LIMITED. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Server or store failure. Codes: DB_ERROR, INTERNAL_ERROR. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  getGovernanceSoaExport: {
    parameters: {
      query?: {
        projectId?: string;
        format?: 'json' | 'csv';
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The envelope (format=json, the default) or the CSV file (format=csv). */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              projectId: string;
              project: string;
              soaVersion: string | null;
              asOf: string;
              controls: {
                controlId: string;
                theme: string;
                title: string;
                applicable: boolean | null;
                justification: string | null;
                implementationStatus: string;
                result: string;
                /** @enum {string} */
                evidenceCoverage: 'current' | 'expiredOrPending' | 'none' | 'notApplicable';
                evidence: {
                  id: string;
                  title: string;
                  status: string;
                  collectedAt: string;
                  expiresAt: string | null;
                  source: string;
                }[];
              }[];
            };
            error: null;
            meta: null;
          };
          'text/csv': string;
        };
      };
      /** @description Bad request. Codes: VALIDATION_FAILED, INVALID_REQUEST. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not authenticated. Codes: UNAUTHORIZED, INVALID_TOKEN. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not allowed. Codes: FORBIDDEN, INSUFFICIENT_SCOPE. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found (also for another organisation’s id). Codes: NOT_FOUND. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body too slow. Codes: REQUEST_TIMEOUT. */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Rate limit exceeded. Codes: RATE_LIMITED. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Server or store failure. Codes: DB_ERROR, INTERNAL_ERROR. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  postMcp: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @constant */
          jsonrpc: '2.0';
          id?: unknown;
          method?: string;
          params?: Record<string, never>;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Not authenticated. Codes: UNAUTHORIZED, INVALID_TOKEN. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not allowed. Codes: FORBIDDEN, INSUFFICIENT_SCOPE. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Rate limit exceeded. Codes: RATE_LIMITED. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Server or store failure. Codes: DB_ERROR, INTERNAL_ERROR. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  getOauthRequestsByUid: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        uid: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              uid: string;
              client: {
                id: string;
                name: string | null;
                metadataDocument: boolean;
              };
              redirectUri: string;
              redirectHost: string;
              resource: string;
              requestedScopes: string[];
              grantableScopes: string[];
            };
            error: null;
            meta: null;
          };
        };
      };
      /** @description Bad request. Codes: VALIDATION_FAILED, INVALID_REQUEST. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not authenticated. Codes: UNAUTHORIZED, INVALID_TOKEN. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not allowed. Codes: FORBIDDEN, INSUFFICIENT_SCOPE. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body too slow. Codes: REQUEST_TIMEOUT. */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Rate limit exceeded. Codes: RATE_LIMITED. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Server or store failure. Codes: DB_ERROR, INTERNAL_ERROR. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  postOauthRequestsByUidApprove: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        uid: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              redirectTo: string;
            };
            error: null;
            meta: null;
          };
        };
      };
      /** @description Bad request. Codes: VALIDATION_FAILED, INVALID_REQUEST. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not authenticated. Codes: UNAUTHORIZED, INVALID_TOKEN. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not allowed. Codes: FORBIDDEN, INSUFFICIENT_SCOPE. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body too slow. Codes: REQUEST_TIMEOUT. */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Rate limit exceeded. Codes: RATE_LIMITED. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Server or store failure. Codes: DB_ERROR, INTERNAL_ERROR. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  postOauthRequestsByUidDeny: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        uid: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              redirectTo: string;
            };
            error: null;
            meta: null;
          };
        };
      };
      /** @description Bad request. Codes: VALIDATION_FAILED, INVALID_REQUEST. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not authenticated. Codes: UNAUTHORIZED, INVALID_TOKEN. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not allowed. Codes: FORBIDDEN, INSUFFICIENT_SCOPE. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body too slow. Codes: REQUEST_TIMEOUT. */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Rate limit exceeded. Codes: RATE_LIMITED. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Server or store failure. Codes: DB_ERROR, INTERNAL_ERROR. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  getOauthConnections: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              id: string;
              clientId: string;
              clientName: string | null;
              scopes: string[];
              resource: string;
              createdAt: string;
              lastUsedAt: string | null;
            }[];
            error: null;
            meta: null;
          };
        };
      };
      /** @description Bad request. Codes: VALIDATION_FAILED, INVALID_REQUEST. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not authenticated. Codes: UNAUTHORIZED, INVALID_TOKEN. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not allowed. Codes: FORBIDDEN, INSUFFICIENT_SCOPE. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body too slow. Codes: REQUEST_TIMEOUT. */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Rate limit exceeded. Codes: RATE_LIMITED. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Server or store failure. Codes: DB_ERROR, INTERNAL_ERROR. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  deleteOauthConnectionsById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              id: string;
              /** @enum {boolean} */
              revoked: true;
            };
            error: null;
            meta: null;
          };
        };
      };
      /** @description Bad request. Codes: VALIDATION_FAILED, INVALID_REQUEST. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not authenticated. Codes: UNAUTHORIZED, INVALID_TOKEN. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not allowed. Codes: FORBIDDEN, INSUFFICIENT_SCOPE. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body too slow. Codes: REQUEST_TIMEOUT. */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Rate limit exceeded. Codes: RATE_LIMITED. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Server or store failure. Codes: DB_ERROR, INTERNAL_ERROR. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  getHealthz: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description `{"data":{"status":"ok"},"error":null,"meta":null}` */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  getReadyz: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Ready or degraded: `status`, `store`, and `redis` when configured. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Not ready. Codes: DB_ERROR. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  getMetrics: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Prometheus text exposition format. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'text/plain': unknown;
        };
      };
    };
  };
}
