# Generated from manifest/tools.yaml by scripts/generate.ts (npm run generate): do not edit.
# A client for the Bulwark REST API and tool server, standard library only (Python 3.9+).
import json
import urllib.error
import urllib.parse
import urllib.request
import uuid


class BulwarkError(Exception):
    """A failed call: the envelope's (or the tool result's) error code and message, and the HTTP status."""

    def __init__(self, code, message, status):
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message
        self.status = status


class BulwarkClient:
    """Every REST endpoint and every tool of the tool server as a method.

    base_url ends in /api/v1, e.g. http://127.0.0.1:8080/api/v1; token is an API token (bwk_...).
    """

    def __init__(self, base_url, token, timeout=30):
        self.base_url = base_url.rstrip("/")
        self.token = token
        self.timeout = timeout
        self._next_id = 1

    def _send(self, method, path, body=None, content_type=None, query=None, accept="application/json"):
        url = self.base_url + path
        if query:
            params = {k: v for k, v in query.items() if v is not None}
            if params:
                url += "?" + urllib.parse.urlencode(params)
        headers = {"Authorization": "Bearer " + self.token, "Accept": accept}
        if content_type:
            headers["Content-Type"] = content_type
        request = urllib.request.Request(url, data=body, method=method, headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as response:
                return response.status, json.loads(response.read() or b"null")
        except urllib.error.HTTPError as error:
            raw = error.read()
            try:
                return error.code, json.loads(raw or b"null")
            except ValueError:
                raise BulwarkError("HTTP_ERROR", raw.decode("utf-8", "replace")[:200], error.code) from None

    def _request(self, method, path, payload=None, query=None):
        body = None if payload is None else json.dumps(payload).encode("utf-8")
        status, envelope = self._send(method, path, body, "application/json" if body is not None else None, query)
        return self._unwrap(status, envelope)

    @staticmethod
    def _unwrap(status, envelope):
        error = (envelope or {}).get("error")
        if status >= 400 or error:
            error = error or {}
            raise BulwarkError(error.get("code", "HTTP_ERROR"), error.get("message", "request failed"), status)
        return envelope.get("data")

    def call_tool(self, name, arguments=None):
        """Calls a tool over the MCP endpoint; an isError result raises BulwarkError with its code."""
        arguments = {k: v for k, v in (arguments or {}).items() if v is not None}
        message = {"jsonrpc": "2.0", "id": self._next_id, "method": "tools/call", "params": {"name": name, "arguments": arguments}}
        self._next_id += 1
        status, body = self._send(
            "POST", "/mcp", json.dumps(message).encode("utf-8"), "application/json", accept="application/json, text/event-stream"
        )
        body = body or {}
        if status >= 400 or "error" in body and "result" not in body:
            error = body.get("error") or {}
            raise BulwarkError(str(error.get("code", "MCP_ERROR")), error.get("message", "tool call failed"), status)
        result = body.get("result") or {}
        content = result.get("structuredContent") or {}
        if result.get("isError"):
            error = (result.get("_meta") or {}).get("error") or {}
            raise BulwarkError(error.get("code", "INTERNAL_ERROR"), error.get("message", "the tool failed"), status)
        return content

    # REST: SBOMs
    def list_sboms(self, q=None):
        return self._request("GET", "/sscs/sboms", query={"q": q})

    def get_sbom(self, sbom_id):
        return self._request("GET", "/sscs/sboms/" + urllib.parse.quote(sbom_id, safe=""))

    def list_sbom_components(self, sbom_id):
        return self._request("GET", "/sscs/sboms/" + urllib.parse.quote(sbom_id, safe="") + "/components")

    def create_sbom(self, name, version=None, asset_id=None, repo_url=None, branch=None):
        body = {"name": name, "version": version, "assetId": asset_id, "repoUrl": repo_url, "branch": branch}
        return self._request("POST", "/sscs/sboms", {k: v for k, v in body.items() if v is not None})

    def upload_sbom(self, filename, content, name=None, asset_name=None, version=None):
        """Uploads an SBOM file (bytes); the format is detected from filename's extension."""
        boundary = "bulwark-" + uuid.uuid4().hex
        parts = []
        for field, value in (("name", name), ("assetName", asset_name), ("version", version)):
            if value is not None:
                parts.append(f'--{boundary}\r\nContent-Disposition: form-data; name="{field}"\r\n\r\n{value}\r\n'.encode("utf-8"))
        safe_name = filename.replace('"', "")
        parts.append(
            f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="{safe_name}"\r\n'
            "Content-Type: application/octet-stream\r\n\r\n".encode("utf-8") + content + b"\r\n"
        )
        parts.append(f"--{boundary}--\r\n".encode("utf-8"))
        status, envelope = self._send("POST", "/sscs/sboms/upload", b"".join(parts), "multipart/form-data; boundary=" + boundary)
        return self._unwrap(status, envelope)

    def delete_sbom(self, sbom_id):
        return self._request("DELETE", "/sscs/sboms/" + urllib.parse.quote(sbom_id, safe=""))

    # REST: findings
    def list_findings(self, status=None, severity=None, sbom_id=None, vulnerability_id=None, q=None, sort=None):
        """severity: one severity or a comma list; vulnerability_id matches aliases; q: component name or purl."""
        query = {"status": status, "severity": severity, "sbomId": sbom_id, "vulnerabilityId": vulnerability_id, "q": q, "sort": sort}
        return self._request("GET", "/sscs/findings", query=query)

    def list_findings_page(self, limit, cursor=None, **filters):
        """One page of findings and the cursor of the next page (None on the last)."""
        names = {"sbom_id": "sbomId", "vulnerability_id": "vulnerabilityId"}
        query = {names.get(k, k): v for k, v in filters.items()}
        query.update({"limit": limit, "cursor": cursor})
        status, envelope = self._send("GET", "/sscs/findings", query=query)
        findings = self._unwrap(status, envelope)
        return findings, ((envelope or {}).get("meta") or {}).get("nextCursor")

    def findings_summary(self, sbom_id=None, asset_name=None):
        return self._request("GET", "/sscs/findings/summary", query={"sbomId": sbom_id, "assetName": asset_name})

    # REST: assets, diffs, exports
    def list_assets(self):
        return self._request("GET", "/sscs/assets")

    def diff_sboms(self, sbom_id, against):
        """The change from `against` (the older SBOM) to `sbom_id`."""
        return self._request("GET", "/sscs/sboms/" + urllib.parse.quote(sbom_id, safe="") + "/diff", query={"against": against})

    def export_sbom(self, sbom_id, format):
        """An SBOM's findings as a file (bytes): cyclonedx, cyclonedx-vex, openvex, sarif or csv."""
        url = self.base_url + "/sscs/sboms/" + urllib.parse.quote(sbom_id, safe="") + "/export?" + urllib.parse.urlencode({"format": format})
        request = urllib.request.Request(url, headers={"Authorization": "Bearer " + self.token})
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as response:
                return response.read()
        except urllib.error.HTTPError as error:
            envelope = json.loads(error.read() or b"null") or {}
            return self._unwrap(error.code, envelope)

    def set_finding_status(self, finding_id, status, remediation_notes=None):
        body = {"status": status}
        if remediation_notes is not None:
            body["remediationNotes"] = remediation_notes
        return self._request("PATCH", "/sscs/findings/" + urllib.parse.quote(finding_id, safe="") + "/status", body)

    # REST: vendors
    def list_vendors(self):
        return self._request("GET", "/sscs/vendors")

    def vendor_risk_summary(self):
        return self._request("GET", "/sscs/vendors/risk-summary")

    def create_vendor(self, name, type, risk_tier, assessment_status, website=None, notes=None):
        return self._request("POST", "/sscs/vendors", self._vendor(name, type, risk_tier, assessment_status, website, notes))

    def replace_vendor(self, vendor_id, name, type, risk_tier, assessment_status, website=None, notes=None):
        """Full replacement: optional fields left out are cleared."""
        body = self._vendor(name, type, risk_tier, assessment_status, website, notes)
        return self._request("PUT", "/sscs/vendors/" + urllib.parse.quote(vendor_id, safe=""), body)

    @staticmethod
    def _vendor(name, type, risk_tier, assessment_status, website, notes):
        body = {"name": name, "type": type, "riskTier": risk_tier, "assessmentStatus": assessment_status}
        if website is not None:
            body["website"] = website
        if notes is not None:
            body["notes"] = notes
        return body

    # Tools (generated from the manifest)

    TOOL_NAMES = (
        "access_anomaly_discovery",
        "access_concentration",
        "access_department_risk",
        "access_high_risk_lifecycle",
        "access_normalization_health",
        "access_offboarding_violations",
        "access_privileged_delta",
        "access_reviews_list",
        "access_security_debt_trend",
        "access_stale_accounts",
        "asset_overview",
        "audit_trail_search",
        "evidence_log",
        "findings_search",
        "iso_controls_list",
        "iso_gap_status",
        "iso_soa_summary",
        "maturity_scores",
        "policy_violations",
        "posture_summary",
        "remediation_plan",
        "risk_create_draft",
        "risk_get",
        "risk_register_list",
        "sbom_list",
        "supplier_assessment_status",
        "supplier_list",
        "uar_status",
    )

    def access_anomaly_discovery(self):
        """Access anomalies (mcp:read).

        Finds unusual access in the governed workforce: accounts not correlated to any identity, grants that break separation-of-duty rules, privileged access held outside the holder's usual department. One item per anomaly with its kind, severity and the identity/account ids involved. Identities are masked."""
        return self.call_tool("access_anomaly_discovery", {})

    def access_concentration(self):
        """Access concentration (mcp:read).

        Shows where privileged entitlements are concentrated: identities holding the most privileged grants and entitlements held by very few or very many identities (key-person risk), and separation-of-duty violations (terminated identities and owned service/shared accounts included) with the exception in force, if any (mitigating control, approver, expiry). Identities are masked."""
        return self.call_tool("access_concentration", {})

    def access_department_risk(self):
        """Access risk by department (mcp:read).

        Access risk rolled up per department: identities, privileged grants, stale accounts, open violations and a risk score per department, highest risk first. Identities are masked."""
        return self.call_tool("access_department_risk", {})

    def access_high_risk_lifecycle(self):
        """High-risk access lifecycle (mcp:read).

        Privileged grants with lifecycle problems: granted without a review, never used, or kept after a role or department change, counted by the holder's stage (joiner, mover, leave, leaver, steady, unowned). Disabled accounts still carrying grants and logins during leave are reported on their own. Identities are masked."""
        return self.call_tool("access_high_risk_lifecycle", {})

    def access_normalization_health(self):
        """Identity normalization health (mcp:read).

        How well accounts are correlated to identities: account totals, correlated and uncorrelated counts and the correlation rate per system. Use it to judge how far the other access tools can be trusted."""
        return self.call_tool("access_normalization_health", {})

    def access_offboarding_violations(self):
        """Offboarding violations (mcp:read).

        Accounts that stayed active after their identity left the organisation, beyond the organisation's offboarding deadline: one item per account with the leave date and days overdue. Identities are masked."""
        return self.call_tool("access_offboarding_violations", {})

    def access_privileged_delta(self):
        """Privileged access changes (30 days) (mcp:read).

        Privileged grants added and removed during the last 30 days: one item per change (granted or revoked) with the entitlement, system and date. Identities are masked."""
        return self.call_tool("access_privileged_delta", {})

    def access_reviews_list(self):
        """Access review campaigns (mcp:read).

        User access review campaigns with their status, due date, reviewer and progress (items decided out of items total; a self-review is not a decision), self-reviews, reviewers inside the reviewed identity's manager chain and decisions recorded without evidence. Reviewer identities are masked."""
        return self.call_tool("access_reviews_list", {})

    def access_security_debt_trend(self, *, months=None):
        """Access security debt trend (mcp:read).

        Monthly trend of access security debt (offboarding misses, overdue review remediations, expired grants, separation-of-duty conflicts, stale privileged accounts, unreviewed privileged grants) over the last `months` months, oldest month first: open at each month end by severity and by kind, opened and closed."""
        return self.call_tool("access_security_debt_trend", {"months": months})

    def access_stale_accounts(self):
        """Stale accounts (mcp:read).

        Active accounts not used for longer than the organisation's stale-account threshold: one item per account with its system, last use and days idle, longest idle first. Identities are masked."""
        return self.call_tool("access_stale_accounts", {})

    def asset_overview(self, *, asset_name):
        """Asset overview (mcp:read).

        One asset (the SBOMs sharing an asset name are its versions): its versions newest first, the open findings of its latest version by severity (with how many are in CISA's KEV catalog) and its latest version's open policy violations by state. An unknown asset is NOT_FOUND. Only available where the organisation enabled the supply-chain tools."""
        return self.call_tool("asset_overview", {"assetName": asset_name})

    def audit_trail_search(self, *, actor_id=None, limit=None, offset=None):
        """Search the audit trail (mcp:read).

        Pages through the organisation's audit trail, newest entry first. Each entry has its id (aud_<id>), the dotted action (<entity>.<verb>, e.g. vendor.create), the actor (masked e-mail, or "system") and the time. Filter by one actor with its exact user id (usr_<id>). `total` is the full count of matching entries; fetch further pages with `offset` (the only tool with real pagination)."""
        return self.call_tool("audit_trail_search", {"actorId": actor_id, "limit": limit, "offset": offset})

    def evidence_log(self, *, project_id=None):
        """Evidence log (mcp:read).

        The latest compliance evidence records of an ISO 27001 project (at most 50, newest first, no continuation): title, status, linked control, collection and expiry dates and who collected it; counts by status and, for accepted evidence, by expiry. Without projectId the organisation's first active ISO project is used (none: an empty log). Identities are masked."""
        return self.call_tool("evidence_log", {"projectId": project_id})

    def findings_search(self, *, status=None, severity=None, kev=None, epss_min=None, asset_name=None, vulnerability_id=None, q=None, limit=None, cursor=None):
        """Search vulnerability findings (mcp:read).

        Vulnerability findings of the organisation's SBOMs, newest first, a page at a time: filter by status (open by default), severities, CISA KEV membership, a minimum EPSS score, an asset (its latest SBOM), a vulnerability id or alias, or text in the component name or purl. Pass nextCursor back as cursor for the next page. Only available where the organisation enabled the supply-chain tools."""
        return self.call_tool("findings_search", {"status": status, "severity": severity, "kev": kev, "epssMin": epss_min, "assetName": asset_name, "vulnerabilityId": vulnerability_id, "q": q, "limit": limit, "cursor": cursor})

    def iso_controls_list(self, *, project_id=None):
        """ISO 27001 controls (mcp:read).

        The ISO/IEC 27001:2022 Annex A controls (A.5.1–A.8.34) of a project with their applicability, implementation status and maturity. Without projectId the organisation's first active ISO project is used."""
        return self.call_tool("iso_controls_list", {"projectId": project_id})

    def iso_gap_status(self, *, project_id=None):
        """ISO 27001 gap status (mcp:read).

        Gap analysis of an ISO 27001 project: applicable controls by implementation status, evidence coverage (applicable controls with current accepted evidence, with only expired or pending evidence, without any) and the largest gaps. Without projectId the organisation's first active ISO project is used."""
        return self.call_tool("iso_gap_status", {"projectId": project_id})

    def iso_soa_summary(self, *, project_id=None):
        """Statement of applicability summary (mcp:read).

        Summary of an ISO 27001 project's statement of applicability: applicable and excluded controls (with justifications counted), implementation status and average maturity per Annex A theme, completeness (undecided controls, applicable ones without justification), the SoA version and approval date, and the links from applicable controls to the risks they treat. Without projectId the organisation's first active ISO project is used."""
        return self.call_tool("iso_soa_summary", {"projectId": project_id})

    def maturity_scores(self):
        """Maturity scores (mcp:read).

        The latest maturity scores (0–5) per control domain, a capped set without continuation."""
        return self.call_tool("maturity_scores", {})

    def policy_violations(self, *, status=None, asset_name=None, sbom_id=None, state=None, kind=None, policy_id=None, limit=None, cursor=None):
        """Policy violations (mcp:read).

        Policy violations (license, security and operational policies) of the organisation's SBOMs, newest first, a page at a time: each names the policy, its state (fail, warn or info), the component and why it violates. Filter by status (open by default; suppressed ones carry the comment that suppressed them), an asset (its latest SBOM) or an SBOM id, state, kind or policy id. Pass nextCursor back as cursor for the next page. An unknown asset or SBOM is NOT_FOUND. Only available where the organisation enabled the supply-chain tools."""
        return self.call_tool("policy_violations", {"status": status, "assetName": asset_name, "sbomId": sbom_id, "state": state, "kind": kind, "policyId": policy_id, "limit": limit, "cursor": cursor})

    def posture_summary(self):
        """Security posture summary (mcp:read).

        One roll-up of the organisation's security and compliance posture: access hygiene, review progress, ISO readiness, open risks and supplier assessment coverage. Start here for an overview."""
        return self.call_tool("posture_summary", {})

    def remediation_plan(self, *, sbom_id=None, asset_name=None):
        """Remediation plan (mcp:read).

        What to upgrade in one SBOM (give sbomId) or in an asset's latest SBOM (give assetName; exactly one of the two): per vulnerable package and version, the lowest version the advisories name that fixes its open findings (or the one fixing most, with how many remain), what it fixes by severity and KEV, and the direct dependencies that bring the package in; most valuable first (KEV fixes, then CRITICAL, HIGH, …). No package registry is consulted. At most 100 packages are returned; total counts all and truncated says whether some were left out. Only available where the organisation enabled the supply-chain tools."""
        return self.call_tool("remediation_plan", {"sbomId": sbom_id, "assetName": asset_name})

    def risk_create_draft(self, *, title, description=None, category=None, likelihood=None, impact=None, treatment=None):
        """Draft a risk (mcp:write).

        Creates a DRAFT risk in the organisation's risk register (status draft) for a human to review and approve; drafts do not appear in risk_register_list until approved. Only the title is required. Needs the mcp:write scope and write access enabled for the organisation (otherwise NOT_PERMITTED). The creation is audited."""
        return self.call_tool("risk_create_draft", {"title": title, "description": description, "category": category, "likelihood": likelihood, "impact": impact, "treatment": treatment})

    def risk_get(self, *, id):
        """Get a risk (mcp:read).

        One risk of the organisation's register by id (risk_<id>), drafts included, with likelihood, impact, score (likelihood × impact), treatment and status. Unknown ids give NOT_FOUND."""
        return self.call_tool("risk_get", {"id": id})

    def risk_register_list(self):
        """Risk register (mcp:read).

        The organisation's risk register: finalized risks only (drafts never appear), highest score first."""
        return self.call_tool("risk_register_list", {})

    def sbom_list(self, *, q=None):
        """SBOMs (mcp:read).

        The organisation's SBOMs, newest first, with their asset, version, format and component and finding counts; q filters on the name or asset. At most 200 are returned; total counts all and truncated says whether some were left out. Only available where the organisation enabled the supply-chain tools."""
        return self.call_tool("sbom_list", {"q": q})

    def supplier_assessment_status(self):
        """Supplier assessment status (mcp:read).

        Assessment completion across the organisation's third-party suppliers (vendors of type internal are left out): counts not started, in progress and completed, the completion rate overall and per risk tier (tier 1 = critical), and the tier-1 suppliers not yet assessed."""
        return self.call_tool("supplier_assessment_status", {})

    def supplier_list(self):
        """Suppliers (mcp:read).

        The organisation's third-party suppliers (vendors of type oss or commercial; internal ones are left out), most critical first (risk tier 1 first, then by name), with type, risk tier and assessment status. At most 200 are returned; `total` counts all of them and `truncated` says whether some were left out."""
        return self.call_tool("supplier_list", {})

    def uar_status(self):
        """User access review status (mcp:read).

        Status of user access reviews: active campaigns with progress and deadlines (planned campaigns are not counted; a self-review is not a decision), and the open review items (undecided or awaiting remediation), overdue first, each flagged when the reviewer sits in the holder's manager chain. Reviewer and holder identities are masked."""
        return self.call_tool("uar_status", {})
