// Small shared pieces: severity and status badges, error and loading states, dates.
import { useEffect, useRef, type ReactNode } from 'react';
import { ApiError } from '../api/http.ts';
import { label } from '../api/choices.ts';
import type { FindingStatus, Severity } from '../api/rest.ts';

/**
 * A finding's severity. Without a score from its advisories (`severitySource: "default"`) it is "Unrated": the
 * MEDIUM the interface requires is shown as the default it is, never as a rating (docs/triage-rules.md).
 */
export function SeverityBadge({ severity, source }: { severity: Severity; source?: string }) {
  if (source === 'default')
    return (
      <span
        className="badge sev-unrated"
        title={`No score in its advisories; counted as ${severity} by default`}
      >
        {/* The default in words for screen readers; sighted users get the title (a table column has no room). */}
        Unrated <span className="visually-hidden">({severity.toLowerCase()} by default)</span>
      </span>
    );
  return <span className={`badge sev-${severity.toLowerCase()}`}>{severity}</span>;
}

export function StatusBadge({ status }: { status: FindingStatus }) {
  return <span className={`badge status-${status}`}>{label(status)}</span>;
}

/** Documented API errors in words: the code's meaning first, then the server's own message and details. */
const MEANINGS: Record<string, string> = {
  UNSUPPORTED_FORMAT: 'This file is not a format Bulwark reads.',
  PARSE_ERROR: 'The file looks like an SBOM but its content is broken.',
  FILE_TOO_LARGE: 'The file is larger than the upload limit.',
  PAYLOAD_TOO_LARGE: 'The request is larger than the server accepts.',
  VALIDATION_FAILED: 'Some fields are not valid.',
  INVALID_REQUEST: 'The request was malformed.',
  FORBIDDEN: 'You are not allowed to do this.',
  INSUFFICIENT_SCOPE: 'You are not allowed to do this.',
  NOT_FOUND: 'This item does not exist (or belongs to another organisation).',
  RATE_LIMITED: 'Too many attempts. Wait a little and try again.',
  INVALID_CREDENTIALS: 'The e-mail or the password is wrong.',
  UNAUTHORIZED: 'You are signed out.',
  DB_ERROR: 'The server could not store this; nothing was changed.',
  INTERNAL_ERROR: 'The server failed unexpectedly.',
  NETWORK_ERROR: 'The server could not be reached.',
};

export function describeError(error: unknown): { title: string; detail: string | null; items: string[] } {
  if (error instanceof ApiError) {
    const title = MEANINGS[error.code] ?? error.message;
    const items = (error.details ?? []).map((d) => (d.path ? `${d.path}: ${d.message}` : d.message));
    // The server's message is shown when it adds something; a wrong password's says the same as the title.
    const same = title === error.message || error.code === 'INVALID_CREDENTIALS';
    return { title, detail: same ? null : error.message, items };
  }
  return { title: 'Something went wrong.', detail: error instanceof Error ? error.message : null, items: [] };
}

/** An error in words; `focus` moves focus to it when it appears (a form's answer, e.g. a wrong password). */
export function ErrorMessage({ error, focus = false }: { error: unknown; focus?: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focus && error) ref.current?.focus();
  }, [focus, error]);
  if (!error) return null;
  const { title, detail, items } = describeError(error);
  return (
    <div className="error" role="alert" ref={ref} tabIndex={focus ? -1 : undefined}>
      <strong>{title}</strong>
      {detail && <p>{detail}</p>}
      {items.length > 0 && (
        <ul>
          {items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function Loading({ what }: { what: string }) {
  return (
    <p className="muted" role="status">
      Loading {what}…
    </p>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return <p className="empty">{children}</p>;
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export const formatDate = (iso: string | null | undefined): string =>
  iso ? dateFormat.format(new Date(iso)) : '—';
export const formatDateTime = (iso: string | null | undefined): string =>
  iso ? dateTimeFormat.format(new Date(iso)) : '—';
export const formatNumber = (n: number): string => n.toLocaleString();
