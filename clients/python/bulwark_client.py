# Generated from manifest/tools.yaml by scripts/generate.ts (npm run generate): do not edit.
# A client for the Bulwark REST API and tool server, standard library only (Python 3.9+).
import json
import urllib.error
import urllib.parse
import urllib.request
import uuid
from typing import Any, Dict, List, Literal, Optional, TypedDict

# The tools' arguments and results (manifest/tools.yaml): a key that is not required may be absent.


class AccessAnomalyDiscoveryArgs(TypedDict):
    """Arguments of access_anomaly_discovery, as a caller sends them."""


class _AccessAnomalyDiscoveryResultRequired(TypedDict):
    """The keys of AccessAnomalyDiscoveryResult that are always present."""
    items: List[Dict[str, Any]]
    total: int


class AccessAnomalyDiscoveryResult(_AccessAnomalyDiscoveryResultRequired, total=False):
    """Result of access_anomaly_discovery, as the tool server answers it."""
    note: str


class AccessConcentrationArgs(TypedDict):
    """Arguments of access_concentration, as a caller sends them."""


class AccessConcentrationResultSodViolations(TypedDict, total=False):
    """The object at access_concentration result.sodViolations."""
    total: int
    withException: int
    withoutException: int
    terminatedIdentities: int
    throughOwnedAccounts: int
    items: List[Dict[str, Any]]


class _AccessConcentrationResultRequired(TypedDict):
    """The keys of AccessConcentrationResult that are always present."""
    items: List[Dict[str, Any]]
    total: int


class AccessConcentrationResult(_AccessConcentrationResultRequired, total=False):
    """Result of access_concentration, as the tool server answers it."""
    privilegedOutliers: int
    singleHolders: Dict[str, Any]
    sodViolations: AccessConcentrationResultSodViolations
    note: str


class AccessDepartmentRiskArgs(TypedDict):
    """Arguments of access_department_risk, as a caller sends them."""


class _AccessDepartmentRiskResultRequired(TypedDict):
    """The keys of AccessDepartmentRiskResult that are always present."""
    items: List[Dict[str, Any]]
    total: int


class AccessDepartmentRiskResult(_AccessDepartmentRiskResultRequired, total=False):
    """Result of access_department_risk, as the tool server answers it."""
    note: str


class AccessHighRiskLifecycleArgs(TypedDict):
    """Arguments of access_high_risk_lifecycle, as a caller sends them."""


class _AccessHighRiskLifecycleResultRequired(TypedDict):
    """The keys of AccessHighRiskLifecycleResult that are always present."""
    items: List[Dict[str, Any]]
    total: int


class AccessHighRiskLifecycleResult(_AccessHighRiskLifecycleResultRequired, total=False):
    """Result of access_high_risk_lifecycle, as the tool server answers it."""
    highRiskGrants: int
    byStage: Dict[str, int]
    disabledAccounts: Dict[str, Any]
    leave: Dict[str, Any]
    note: str


class AccessNormalizationHealthArgs(TypedDict):
    """Arguments of access_normalization_health, as a caller sends them."""


class AccessNormalizationHealthResult(TypedDict, total=False):
    """Result of access_normalization_health, as the tool server answers it."""
    totalAccounts: int
    correlatedAccounts: int
    uncorrelatedAccounts: int
    correlationRate: float
    systems: List[Dict[str, Any]]
    identitiesMissingAttributes: Dict[str, Any]
    note: str


class AccessOffboardingViolationsArgs(TypedDict):
    """Arguments of access_offboarding_violations, as a caller sends them."""


class _AccessOffboardingViolationsResultRequired(TypedDict):
    """The keys of AccessOffboardingViolationsResult that are always present."""
    items: List[Dict[str, Any]]
    total: int


class AccessOffboardingViolationsResult(_AccessOffboardingViolationsResultRequired, total=False):
    """Result of access_offboarding_violations, as the tool server answers it."""
    note: str


class AccessPrivilegedDeltaArgs(TypedDict):
    """Arguments of access_privileged_delta, as a caller sends them."""


class _AccessPrivilegedDeltaResultRequired(TypedDict):
    """The keys of AccessPrivilegedDeltaResult that are always present."""
    windowDays: Literal[30]
    items: List[Dict[str, Any]]
    total: int


class AccessPrivilegedDeltaResult(_AccessPrivilegedDeltaResultRequired, total=False):
    """Result of access_privileged_delta, as the tool server answers it."""
    note: str


class AccessReviewsListArgs(TypedDict):
    """Arguments of access_reviews_list, as a caller sends them."""


class _AccessReviewsListResultRequired(TypedDict):
    """The keys of AccessReviewsListResult that are always present."""
    items: List[Dict[str, Any]]
    total: int


class AccessReviewsListResult(_AccessReviewsListResultRequired, total=False):
    """Result of access_reviews_list, as the tool server answers it."""
    note: str


class AccessSecurityDebtTrendArgs(TypedDict, total=False):
    """Arguments of access_security_debt_trend, as a caller sends them."""
    months: int


class _AccessSecurityDebtTrendResultRequired(TypedDict):
    """The keys of AccessSecurityDebtTrendResult that are always present."""
    months: int
    items: List[Dict[str, Any]]
    total: int


class AccessSecurityDebtTrendResult(_AccessSecurityDebtTrendResultRequired, total=False):
    """Result of access_security_debt_trend, as the tool server answers it."""
    note: str


class AccessStaleAccountsArgs(TypedDict):
    """Arguments of access_stale_accounts, as a caller sends them."""


class _AccessStaleAccountsResultRequired(TypedDict):
    """The keys of AccessStaleAccountsResult that are always present."""
    items: List[Dict[str, Any]]
    total: int


class AccessStaleAccountsResult(_AccessStaleAccountsResultRequired, total=False):
    """Result of access_stale_accounts, as the tool server answers it."""
    note: str


class AssetOverviewArgs(TypedDict):
    """Arguments of asset_overview, as a caller sends them."""
    assetName: str


class _AssetOverviewResultVersionsItemRequired(TypedDict):
    """The keys of AssetOverviewResultVersionsItem that are always present."""
    sbomId: str
    createdAt: str


class AssetOverviewResultVersionsItem(_AssetOverviewResultVersionsItemRequired, total=False):
    """The object at asset_overview result.versions[]."""
    version: str


class AssetOverviewResultOpenFindings(TypedDict):
    """The object at asset_overview result.openFindings."""
    CRITICAL: int
    HIGH: int
    MEDIUM: int
    LOW: int
    total: int
    kev: int


class AssetOverviewResultOpenViolations(TypedDict):
    """The object at asset_overview result.openViolations."""
    fail: int
    warn: int
    info: int
    total: int


class AssetOverviewResult(TypedDict):
    """Result of asset_overview, as the tool server answers it."""
    assetName: str
    latestSbomId: str
    versions: List[AssetOverviewResultVersionsItem]
    openFindings: AssetOverviewResultOpenFindings
    openViolations: AssetOverviewResultOpenViolations


class AuditTrailSearchArgs(TypedDict, total=False):
    """Arguments of audit_trail_search, as a caller sends them."""
    actorId: str
    limit: int
    offset: int


class AuditTrailSearchResultItemsItem(TypedDict):
    """The object at audit_trail_search result.items[]."""
    id: str
    action: str
    actor: str
    at: str


class AuditTrailSearchResult(TypedDict):
    """Result of audit_trail_search, as the tool server answers it."""
    items: List[AuditTrailSearchResultItemsItem]
    total: int
    limit: int
    offset: int


class EvidenceLogArgs(TypedDict, total=False):
    """Arguments of evidence_log, as a caller sends them."""
    projectId: str


class _EvidenceLogResultRequired(TypedDict):
    """The keys of EvidenceLogResult that are always present."""
    items: List[Dict[str, Any]]
    total: int


class EvidenceLogResult(_EvidenceLogResultRequired, total=False):
    """Result of evidence_log, as the tool server answers it."""
    projectId: str
    byStatus: Dict[str, int]
    accepted: Dict[str, int]
    expired: int
    expiringSoon: int
    note: str


class FindingsSearchArgs(TypedDict, total=False):
    """Arguments of findings_search, as a caller sends them."""
    status: Literal["open", "mitigated", "accepted_risk", "false_positive", "fixed"]
    severity: List[Literal["CRITICAL", "HIGH", "MEDIUM", "LOW"]]
    kev: bool
    epssMin: float
    assetName: str
    vulnerabilityId: str
    q: str
    limit: int
    cursor: str


class _FindingsSearchResultItemsItemComponentRequired(TypedDict):
    """The keys of FindingsSearchResultItemsItemComponent that are always present."""
    name: str


class FindingsSearchResultItemsItemComponent(_FindingsSearchResultItemsItemComponentRequired, total=False):
    """The object at findings_search result.items[].component."""
    version: str
    purl: str


class _FindingsSearchResultItemsItemRequired(TypedDict):
    """The keys of FindingsSearchResultItemsItem that are always present."""
    id: str
    vulnerabilityId: str
    severity: Literal["CRITICAL", "HIGH", "MEDIUM", "LOW"]
    status: Literal["open", "mitigated", "accepted_risk", "false_positive", "fixed"]
    sbomId: str
    component: FindingsSearchResultItemsItemComponent
    kev: bool
    fixedVersions: List[str]


class FindingsSearchResultItemsItem(_FindingsSearchResultItemsItemRequired, total=False):
    """The object at findings_search result.items[]."""
    aliases: List[str]
    summary: str
    epss: float


class _FindingsSearchResultRequired(TypedDict):
    """The keys of FindingsSearchResult that are always present."""
    items: List[FindingsSearchResultItemsItem]
    count: int


class FindingsSearchResult(_FindingsSearchResultRequired, total=False):
    """Result of findings_search, as the tool server answers it."""
    nextCursor: str


class IsoControlsListArgs(TypedDict, total=False):
    """Arguments of iso_controls_list, as a caller sends them."""
    projectId: str


class _IsoControlsListResultRequired(TypedDict):
    """The keys of IsoControlsListResult that are always present."""
    items: List[Dict[str, Any]]
    total: int


class IsoControlsListResult(_IsoControlsListResultRequired, total=False):
    """Result of iso_controls_list, as the tool server answers it."""
    projectId: str
    note: str


class IsoGapStatusArgs(TypedDict, total=False):
    """Arguments of iso_gap_status, as a caller sends them."""
    projectId: str


class IsoGapStatusResult(TypedDict, total=False):
    """Result of iso_gap_status, as the tool server answers it."""
    projectId: str
    evidenceCoverage: Dict[str, Any]
    note: str


class IsoSoaSummaryArgs(TypedDict, total=False):
    """Arguments of iso_soa_summary, as a caller sends them."""
    projectId: str


class IsoSoaSummaryResult(TypedDict, total=False):
    """Result of iso_soa_summary, as the tool server answers it."""
    projectId: str
    completeness: Dict[str, Any]
    version: str
    approvedAt: str
    riskLinks: Dict[str, Any]
    note: str


class MaturityScoresArgs(TypedDict):
    """Arguments of maturity_scores, as a caller sends them."""


class _MaturityScoresResultRequired(TypedDict):
    """The keys of MaturityScoresResult that are always present."""
    items: List[Dict[str, Any]]
    total: int


class MaturityScoresResult(_MaturityScoresResultRequired, total=False):
    """Result of maturity_scores, as the tool server answers it."""
    note: str


class PolicyViolationsArgs(TypedDict, total=False):
    """Arguments of policy_violations, as a caller sends them."""
    status: Literal["open", "suppressed"]
    assetName: str
    sbomId: str
    state: Literal["fail", "warn", "info"]
    kind: Literal["license", "security", "operational"]
    policyId: str
    limit: int
    cursor: str


class _PolicyViolationsResultItemsItemComponentRequired(TypedDict):
    """The keys of PolicyViolationsResultItemsItemComponent that are always present."""
    name: str


class PolicyViolationsResultItemsItemComponent(_PolicyViolationsResultItemsItemComponentRequired, total=False):
    """The object at policy_violations result.items[].component."""
    version: str
    purl: str


class _PolicyViolationsResultItemsItemRequired(TypedDict):
    """The keys of PolicyViolationsResultItemsItem that are always present."""
    id: str
    policyId: str
    policyName: str
    kind: Literal["license", "security", "operational"]
    state: Literal["fail", "warn", "info"]
    component: PolicyViolationsResultItemsItemComponent
    sbomId: str
    reason: str
    status: Literal["open", "suppressed"]
    createdAt: str


class PolicyViolationsResultItemsItem(_PolicyViolationsResultItemsItemRequired, total=False):
    """The object at policy_violations result.items[]."""
    findingId: str
    comment: str


class _PolicyViolationsResultRequired(TypedDict):
    """The keys of PolicyViolationsResult that are always present."""
    items: List[PolicyViolationsResultItemsItem]
    count: int


class PolicyViolationsResult(_PolicyViolationsResultRequired, total=False):
    """Result of policy_violations, as the tool server answers it."""
    nextCursor: str


class PostureSummaryArgs(TypedDict):
    """Arguments of posture_summary, as a caller sends them."""


class PostureSummaryResult(TypedDict, total=False):
    """Result of posture_summary, as the tool server answers it."""
    note: str


class RemediationPlanArgs(TypedDict, total=False):
    """Arguments of remediation_plan, as a caller sends them."""
    sbomId: str
    assetName: str


class RemediationPlanResultItemsItemFixesBySeverity(TypedDict):
    """The object at remediation_plan result.items[].fixes.bySeverity."""
    CRITICAL: int
    HIGH: int
    MEDIUM: int
    LOW: int


class RemediationPlanResultItemsItemFixes(TypedDict):
    """The object at remediation_plan result.items[].fixes."""
    total: int
    bySeverity: RemediationPlanResultItemsItemFixesBySeverity
    kev: int


class _RemediationPlanResultItemsItemRequired(TypedDict):
    """The keys of RemediationPlanResultItemsItem that are always present."""
    purl: str
    currentVersion: str
    fixes: RemediationPlanResultItemsItemFixes
    remaining: int
    findingIds: List[str]
    introducedBy: List[str]


class RemediationPlanResultItemsItem(_RemediationPlanResultItemsItemRequired, total=False):
    """The object at remediation_plan result.items[]."""
    targetVersion: str
    targetAbove: str


class RemediationPlanResult(TypedDict):
    """Result of remediation_plan, as the tool server answers it."""
    sbomId: str
    items: List[RemediationPlanResultItemsItem]
    total: int
    truncated: bool


class _RiskCreateDraftArgsRequired(TypedDict):
    """The keys of RiskCreateDraftArgs that are always present."""
    title: str


class RiskCreateDraftArgs(_RiskCreateDraftArgsRequired, total=False):
    """Arguments of risk_create_draft, as a caller sends them."""
    description: str
    category: str
    likelihood: int
    impact: int
    treatment: Literal["mitigate", "accept", "transfer", "avoid"]


class _RiskCreateDraftResultRequired(TypedDict):
    """The keys of RiskCreateDraftResult that are always present."""
    id: str
    title: str
    status: Literal["draft", "approved", "in_treatment", "accepted", "closed"]
    createdBy: str
    createdAt: str
    updatedAt: str


class RiskCreateDraftResult(_RiskCreateDraftResultRequired, total=False):
    """Result of risk_create_draft, as the tool server answers it."""
    description: str
    category: str
    ownerUserId: str
    likelihood: int
    impact: int
    score: int
    treatment: Literal["mitigate", "accept", "transfer", "avoid"]


class RiskGetArgs(TypedDict):
    """Arguments of risk_get, as a caller sends them."""
    id: str


class _RiskGetResultRequired(TypedDict):
    """The keys of RiskGetResult that are always present."""
    id: str
    title: str
    status: Literal["draft", "approved", "in_treatment", "accepted", "closed"]
    createdBy: str
    createdAt: str
    updatedAt: str


class RiskGetResult(_RiskGetResultRequired, total=False):
    """Result of risk_get, as the tool server answers it."""
    description: str
    category: str
    ownerUserId: str
    likelihood: int
    impact: int
    score: int
    treatment: Literal["mitigate", "accept", "transfer", "avoid"]


class RiskRegisterListArgs(TypedDict):
    """Arguments of risk_register_list, as a caller sends them."""


class _RiskRegisterListResultItemsItemRequired(TypedDict):
    """The keys of RiskRegisterListResultItemsItem that are always present."""
    id: str
    title: str
    status: Literal["draft", "approved", "in_treatment", "accepted", "closed"]
    createdBy: str
    createdAt: str
    updatedAt: str


class RiskRegisterListResultItemsItem(_RiskRegisterListResultItemsItemRequired, total=False):
    """The object at risk_register_list result.items[]."""
    description: str
    category: str
    ownerUserId: str
    likelihood: int
    impact: int
    score: int
    treatment: Literal["mitigate", "accept", "transfer", "avoid"]


class RiskRegisterListResult(TypedDict):
    """Result of risk_register_list, as the tool server answers it."""
    items: List[RiskRegisterListResultItemsItem]
    total: int


class SbomListArgs(TypedDict, total=False):
    """Arguments of sbom_list, as a caller sends them."""
    q: str


class _SbomListResultItemsItemRequired(TypedDict):
    """The keys of SbomListResultItemsItem that are always present."""
    id: str
    name: str
    assetName: str
    componentCount: int
    findingCount: int
    createdAt: str


class SbomListResultItemsItem(_SbomListResultItemsItemRequired, total=False):
    """The object at sbom_list result.items[]."""
    assetId: str
    version: str
    source: str


class SbomListResult(TypedDict):
    """Result of sbom_list, as the tool server answers it."""
    items: List[SbomListResultItemsItem]
    total: int
    truncated: bool


class SupplierAssessmentStatusArgs(TypedDict):
    """Arguments of supplier_assessment_status, as a caller sends them."""


class _SupplierAssessmentStatusResultByTier1Required(TypedDict):
    """The keys of SupplierAssessmentStatusResultByTier1 that are always present."""
    total: int
    completed: int


class SupplierAssessmentStatusResultByTier1(_SupplierAssessmentStatusResultByTier1Required, total=False):
    """The object at supplier_assessment_status result.byTier.1."""
    completionRate: float


class _SupplierAssessmentStatusResultByTier2Required(TypedDict):
    """The keys of SupplierAssessmentStatusResultByTier2 that are always present."""
    total: int
    completed: int


class SupplierAssessmentStatusResultByTier2(_SupplierAssessmentStatusResultByTier2Required, total=False):
    """The object at supplier_assessment_status result.byTier.2."""
    completionRate: float


class _SupplierAssessmentStatusResultByTier3Required(TypedDict):
    """The keys of SupplierAssessmentStatusResultByTier3 that are always present."""
    total: int
    completed: int


class SupplierAssessmentStatusResultByTier3(_SupplierAssessmentStatusResultByTier3Required, total=False):
    """The object at supplier_assessment_status result.byTier.3."""
    completionRate: float


# The object at supplier_assessment_status result.byTier.
SupplierAssessmentStatusResultByTier = TypedDict("SupplierAssessmentStatusResultByTier", {"1": SupplierAssessmentStatusResultByTier1, "2": SupplierAssessmentStatusResultByTier2, "3": SupplierAssessmentStatusResultByTier3})


class _SupplierAssessmentStatusResultRequired(TypedDict):
    """The keys of SupplierAssessmentStatusResult that are always present."""
    total: int
    notStarted: int
    inProgress: int
    completed: int
    byTier: SupplierAssessmentStatusResultByTier
    unassessedCritical: int


class SupplierAssessmentStatusResult(_SupplierAssessmentStatusResultRequired, total=False):
    """Result of supplier_assessment_status, as the tool server answers it."""
    completionRate: float


class SupplierListArgs(TypedDict):
    """Arguments of supplier_list, as a caller sends them."""


class _SupplierListResultItemsItemRequired(TypedDict):
    """The keys of SupplierListResultItemsItem that are always present."""
    id: str
    name: str
    type: Literal["oss", "commercial"]
    riskTier: Literal[1, 2, 3]
    assessmentStatus: Literal["not_started", "in_progress", "completed"]


class SupplierListResultItemsItem(_SupplierListResultItemsItemRequired, total=False):
    """The object at supplier_list result.items[]."""
    website: str


class SupplierListResult(TypedDict):
    """Result of supplier_list, as the tool server answers it."""
    items: List[SupplierListResultItemsItem]
    total: int
    truncated: bool


class UarStatusArgs(TypedDict):
    """Arguments of uar_status, as a caller sends them."""


class _UarStatusResultRequired(TypedDict):
    """The keys of UarStatusResult that are always present."""
    items: List[Dict[str, Any]]
    total: int


class UarStatusResult(_UarStatusResultRequired, total=False):
    """Result of uar_status, as the tool server answers it."""
    campaigns: List[Dict[str, Any]]
    note: str


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

    def access_anomaly_discovery(self) -> AccessAnomalyDiscoveryResult:
        """Access anomalies (mcp:read).

        Finds unusual access in the governed workforce: accounts not correlated to any identity, grants that break separation-of-duty rules, privileged access held outside the holder's usual department. One item per anomaly with its kind, severity and the identity/account ids involved. Identities are masked."""
        arguments: AccessAnomalyDiscoveryArgs = {}
        return self.call_tool("access_anomaly_discovery", arguments)

    def access_concentration(self) -> AccessConcentrationResult:
        """Access concentration (mcp:read).

        Shows where privileged entitlements are concentrated: identities holding the most privileged grants and entitlements held by very few or very many identities (key-person risk), and separation-of-duty violations (terminated identities and owned service/shared accounts included) with the exception in force, if any (mitigating control, approver, expiry). Identities are masked."""
        arguments: AccessConcentrationArgs = {}
        return self.call_tool("access_concentration", arguments)

    def access_department_risk(self) -> AccessDepartmentRiskResult:
        """Access risk by department (mcp:read).

        Access risk rolled up per department: identities, privileged grants, stale accounts, open violations and a risk score per department, highest risk first. Identities are masked."""
        arguments: AccessDepartmentRiskArgs = {}
        return self.call_tool("access_department_risk", arguments)

    def access_high_risk_lifecycle(self) -> AccessHighRiskLifecycleResult:
        """High-risk access lifecycle (mcp:read).

        Privileged grants with lifecycle problems: granted without a review, never used, or kept after a role or department change, counted by the holder's stage (joiner, mover, leave, leaver, steady, unowned). Disabled accounts still carrying grants and logins during leave are reported on their own. Identities are masked."""
        arguments: AccessHighRiskLifecycleArgs = {}
        return self.call_tool("access_high_risk_lifecycle", arguments)

    def access_normalization_health(self) -> AccessNormalizationHealthResult:
        """Identity normalization health (mcp:read).

        How well accounts are correlated to identities: account totals, correlated and uncorrelated counts and the correlation rate per system. Use it to judge how far the other access tools can be trusted."""
        arguments: AccessNormalizationHealthArgs = {}
        return self.call_tool("access_normalization_health", arguments)

    def access_offboarding_violations(self) -> AccessOffboardingViolationsResult:
        """Offboarding violations (mcp:read).

        Accounts that stayed active after their identity left the organisation, beyond the organisation's offboarding deadline: one item per account with the leave date and days overdue. Identities are masked."""
        arguments: AccessOffboardingViolationsArgs = {}
        return self.call_tool("access_offboarding_violations", arguments)

    def access_privileged_delta(self) -> AccessPrivilegedDeltaResult:
        """Privileged access changes (30 days) (mcp:read).

        Privileged grants added and removed during the last 30 days: one item per change (granted or revoked) with the entitlement, system and date. Identities are masked."""
        arguments: AccessPrivilegedDeltaArgs = {}
        return self.call_tool("access_privileged_delta", arguments)

    def access_reviews_list(self) -> AccessReviewsListResult:
        """Access review campaigns (mcp:read).

        User access review campaigns with their status, due date, reviewer and progress (items decided out of items total; a self-review is not a decision), self-reviews, reviewers inside the reviewed identity's manager chain and decisions recorded without evidence. Reviewer identities are masked."""
        arguments: AccessReviewsListArgs = {}
        return self.call_tool("access_reviews_list", arguments)

    def access_security_debt_trend(self, *, months: Optional[int] = None) -> AccessSecurityDebtTrendResult:
        """Access security debt trend (mcp:read).

        Monthly trend of access security debt (offboarding misses, overdue review remediations, expired grants, separation-of-duty conflicts, stale privileged accounts, unreviewed privileged grants) over the last `months` months, oldest month first: open at each month end by severity and by kind, opened and closed."""
        arguments: AccessSecurityDebtTrendArgs = {}
        if months is not None:
            arguments["months"] = months
        return self.call_tool("access_security_debt_trend", arguments)

    def access_stale_accounts(self) -> AccessStaleAccountsResult:
        """Stale accounts (mcp:read).

        Active accounts not used for longer than the organisation's stale-account threshold: one item per account with its system, last use and days idle, longest idle first. Identities are masked."""
        arguments: AccessStaleAccountsArgs = {}
        return self.call_tool("access_stale_accounts", arguments)

    def asset_overview(self, *, asset_name: str) -> AssetOverviewResult:
        """Asset overview (mcp:read).

        One asset (the SBOMs sharing an asset name are its versions): its versions newest first, the open findings of its latest version by severity (with how many are in CISA's KEV catalog) and its latest version's open policy violations by state. An unknown asset is NOT_FOUND. Only available where the organisation enabled the supply-chain tools."""
        arguments: AssetOverviewArgs = {"assetName": asset_name}
        return self.call_tool("asset_overview", arguments)

    def audit_trail_search(self, *, actor_id: Optional[str] = None, limit: Optional[int] = None, offset: Optional[int] = None) -> AuditTrailSearchResult:
        """Search the audit trail (mcp:read).

        Pages through the organisation's audit trail, newest entry first. Each entry has its id (aud_<id>), the dotted action (<entity>.<verb>, e.g. vendor.create), the actor (masked e-mail, or "system") and the time. Filter by one actor with its exact user id (usr_<id>). `total` is the full count of matching entries; fetch further pages with `offset` (the only tool with real pagination)."""
        arguments: AuditTrailSearchArgs = {}
        if actor_id is not None:
            arguments["actorId"] = actor_id
        if limit is not None:
            arguments["limit"] = limit
        if offset is not None:
            arguments["offset"] = offset
        return self.call_tool("audit_trail_search", arguments)

    def evidence_log(self, *, project_id: Optional[str] = None) -> EvidenceLogResult:
        """Evidence log (mcp:read).

        The latest compliance evidence records of an ISO 27001 project (at most 50, newest first, no continuation): title, status, linked control, collection and expiry dates and who collected it; counts by status and, for accepted evidence, by expiry. Without projectId the organisation's first active ISO project is used (none: an empty log). Identities are masked."""
        arguments: EvidenceLogArgs = {}
        if project_id is not None:
            arguments["projectId"] = project_id
        return self.call_tool("evidence_log", arguments)

    def findings_search(self, *, status: Optional[Literal["open", "mitigated", "accepted_risk", "false_positive", "fixed"]] = None, severity: Optional[List[Literal["CRITICAL", "HIGH", "MEDIUM", "LOW"]]] = None, kev: Optional[bool] = None, epss_min: Optional[float] = None, asset_name: Optional[str] = None, vulnerability_id: Optional[str] = None, q: Optional[str] = None, limit: Optional[int] = None, cursor: Optional[str] = None) -> FindingsSearchResult:
        """Search vulnerability findings (mcp:read).

        Vulnerability findings of the organisation's SBOMs, newest first, a page at a time: filter by status (open by default), severities, CISA KEV membership, a minimum EPSS score, an asset (its latest SBOM), a vulnerability id or alias, or text in the component name or purl. Pass nextCursor back as cursor for the next page. Only available where the organisation enabled the supply-chain tools."""
        arguments: FindingsSearchArgs = {}
        if status is not None:
            arguments["status"] = status
        if severity is not None:
            arguments["severity"] = severity
        if kev is not None:
            arguments["kev"] = kev
        if epss_min is not None:
            arguments["epssMin"] = epss_min
        if asset_name is not None:
            arguments["assetName"] = asset_name
        if vulnerability_id is not None:
            arguments["vulnerabilityId"] = vulnerability_id
        if q is not None:
            arguments["q"] = q
        if limit is not None:
            arguments["limit"] = limit
        if cursor is not None:
            arguments["cursor"] = cursor
        return self.call_tool("findings_search", arguments)

    def iso_controls_list(self, *, project_id: Optional[str] = None) -> IsoControlsListResult:
        """ISO 27001 controls (mcp:read).

        The ISO/IEC 27001:2022 Annex A controls (A.5.1–A.8.34) of a project with their applicability, implementation status and maturity. Without projectId the organisation's first active ISO project is used."""
        arguments: IsoControlsListArgs = {}
        if project_id is not None:
            arguments["projectId"] = project_id
        return self.call_tool("iso_controls_list", arguments)

    def iso_gap_status(self, *, project_id: Optional[str] = None) -> IsoGapStatusResult:
        """ISO 27001 gap status (mcp:read).

        Gap analysis of an ISO 27001 project: applicable controls by implementation status, evidence coverage (applicable controls with current accepted evidence, with only expired or pending evidence, without any) and the largest gaps. Without projectId the organisation's first active ISO project is used."""
        arguments: IsoGapStatusArgs = {}
        if project_id is not None:
            arguments["projectId"] = project_id
        return self.call_tool("iso_gap_status", arguments)

    def iso_soa_summary(self, *, project_id: Optional[str] = None) -> IsoSoaSummaryResult:
        """Statement of applicability summary (mcp:read).

        Summary of an ISO 27001 project's statement of applicability: applicable and excluded controls (with justifications counted), implementation status and average maturity per Annex A theme, completeness (undecided controls, applicable ones without justification), the SoA version and approval date, and the links from applicable controls to the risks they treat. Without projectId the organisation's first active ISO project is used."""
        arguments: IsoSoaSummaryArgs = {}
        if project_id is not None:
            arguments["projectId"] = project_id
        return self.call_tool("iso_soa_summary", arguments)

    def maturity_scores(self) -> MaturityScoresResult:
        """Maturity scores (mcp:read).

        The latest maturity scores (0–5) per control domain, a capped set without continuation."""
        arguments: MaturityScoresArgs = {}
        return self.call_tool("maturity_scores", arguments)

    def policy_violations(self, *, status: Optional[Literal["open", "suppressed"]] = None, asset_name: Optional[str] = None, sbom_id: Optional[str] = None, state: Optional[Literal["fail", "warn", "info"]] = None, kind: Optional[Literal["license", "security", "operational"]] = None, policy_id: Optional[str] = None, limit: Optional[int] = None, cursor: Optional[str] = None) -> PolicyViolationsResult:
        """Policy violations (mcp:read).

        Policy violations (license, security and operational policies) of the organisation's SBOMs, newest first, a page at a time: each names the policy, its state (fail, warn or info), the component and why it violates. Filter by status (open by default; suppressed ones carry the comment that suppressed them), an asset (its latest SBOM) or an SBOM id, state, kind or policy id. Pass nextCursor back as cursor for the next page. An unknown asset or SBOM is NOT_FOUND. Only available where the organisation enabled the supply-chain tools."""
        arguments: PolicyViolationsArgs = {}
        if status is not None:
            arguments["status"] = status
        if asset_name is not None:
            arguments["assetName"] = asset_name
        if sbom_id is not None:
            arguments["sbomId"] = sbom_id
        if state is not None:
            arguments["state"] = state
        if kind is not None:
            arguments["kind"] = kind
        if policy_id is not None:
            arguments["policyId"] = policy_id
        if limit is not None:
            arguments["limit"] = limit
        if cursor is not None:
            arguments["cursor"] = cursor
        return self.call_tool("policy_violations", arguments)

    def posture_summary(self) -> PostureSummaryResult:
        """Security posture summary (mcp:read).

        One roll-up of the organisation's security and compliance posture: access hygiene, review progress, ISO readiness, open risks and supplier assessment coverage. Start here for an overview."""
        arguments: PostureSummaryArgs = {}
        return self.call_tool("posture_summary", arguments)

    def remediation_plan(self, *, sbom_id: Optional[str] = None, asset_name: Optional[str] = None) -> RemediationPlanResult:
        """Remediation plan (mcp:read).

        What to upgrade in one SBOM (give sbomId) or in an asset's latest SBOM (give assetName; exactly one of the two): per vulnerable package and version, the lowest version the advisories name that fixes its open findings (or the one fixing most, with how many remain), what it fixes by severity and KEV, and the direct dependencies that bring the package in; most valuable first (KEV fixes, then CRITICAL, HIGH, …). No package registry is consulted. At most 100 packages are returned; total counts all and truncated says whether some were left out. Only available where the organisation enabled the supply-chain tools."""
        arguments: RemediationPlanArgs = {}
        if sbom_id is not None:
            arguments["sbomId"] = sbom_id
        if asset_name is not None:
            arguments["assetName"] = asset_name
        return self.call_tool("remediation_plan", arguments)

    def risk_create_draft(self, *, title: str, description: Optional[str] = None, category: Optional[str] = None, likelihood: Optional[int] = None, impact: Optional[int] = None, treatment: Optional[Literal["mitigate", "accept", "transfer", "avoid"]] = None) -> RiskCreateDraftResult:
        """Draft a risk (mcp:write).

        Creates a DRAFT risk in the organisation's risk register (status draft) for a human to review and approve; drafts do not appear in risk_register_list until approved. Only the title is required. Needs the mcp:write scope and write access enabled for the organisation (otherwise NOT_PERMITTED). The creation is audited."""
        arguments: RiskCreateDraftArgs = {"title": title}
        if description is not None:
            arguments["description"] = description
        if category is not None:
            arguments["category"] = category
        if likelihood is not None:
            arguments["likelihood"] = likelihood
        if impact is not None:
            arguments["impact"] = impact
        if treatment is not None:
            arguments["treatment"] = treatment
        return self.call_tool("risk_create_draft", arguments)

    def risk_get(self, *, id: str) -> RiskGetResult:
        """Get a risk (mcp:read).

        One risk of the organisation's register by id (risk_<id>), drafts included, with likelihood, impact, score (likelihood × impact), treatment and status. Unknown ids give NOT_FOUND."""
        arguments: RiskGetArgs = {"id": id}
        return self.call_tool("risk_get", arguments)

    def risk_register_list(self) -> RiskRegisterListResult:
        """Risk register (mcp:read).

        The organisation's risk register: finalized risks only (drafts never appear), highest score first."""
        arguments: RiskRegisterListArgs = {}
        return self.call_tool("risk_register_list", arguments)

    def sbom_list(self, *, q: Optional[str] = None) -> SbomListResult:
        """SBOMs (mcp:read).

        The organisation's SBOMs, newest first, with their asset, version, format and component and finding counts; q filters on the name or asset. At most 200 are returned; total counts all and truncated says whether some were left out. Only available where the organisation enabled the supply-chain tools."""
        arguments: SbomListArgs = {}
        if q is not None:
            arguments["q"] = q
        return self.call_tool("sbom_list", arguments)

    def supplier_assessment_status(self) -> SupplierAssessmentStatusResult:
        """Supplier assessment status (mcp:read).

        Assessment completion across the organisation's third-party suppliers (vendors of type internal are left out): counts not started, in progress and completed, the completion rate overall and per risk tier (tier 1 = critical), and the tier-1 suppliers not yet assessed."""
        arguments: SupplierAssessmentStatusArgs = {}
        return self.call_tool("supplier_assessment_status", arguments)

    def supplier_list(self) -> SupplierListResult:
        """Suppliers (mcp:read).

        The organisation's third-party suppliers (vendors of type oss or commercial; internal ones are left out), most critical first (risk tier 1 first, then by name), with type, risk tier and assessment status. At most 200 are returned; `total` counts all of them and `truncated` says whether some were left out."""
        arguments: SupplierListArgs = {}
        return self.call_tool("supplier_list", arguments)

    def uar_status(self) -> UarStatusResult:
        """User access review status (mcp:read).

        Status of user access reviews: active campaigns with progress and deadlines (planned campaigns are not counted; a self-review is not a decision), and the open review items (undecided or awaiting remediation), overdue first, each flagged when the reviewer sits in the holder's manager chain. Reviewer and holder identities are masked."""
        arguments: UarStatusArgs = {}
        return self.call_tool("uar_status", arguments)
