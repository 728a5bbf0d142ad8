# The hand-written part of clients/python/bulwark_client.py: the generator copies everything below the marker,
# puts the tools' TypedDicts in place of the tool-types line, then appends one method per tool from the manifest.
# --- template ---
import json
import urllib.error
import urllib.parse
import urllib.request
import uuid
from typing import Any, Dict, List, Literal, Optional, TypedDict

# --- tool types ---


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
