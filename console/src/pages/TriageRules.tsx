// Triage rules (docs/triage-rules.md): organisation-wide triage of the findings a rule matches, with a preview of
// which open findings it would change before it is saved, what saving or deleting changed, and the findings each
// rule has set (their history names the rule). Owners and admins write; other roles read, as the server enforces.
import { useState, type FormEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, present, read, unwrap } from '../api/http.ts';
import {
  RULE_STATUSES,
  useTriageRules,
  type RuleBody,
  type RuleMatch,
  type RulePreview,
  type RuleStatus,
  type TriageRule,
} from '../api/policies.ts';
import { label } from '../api/choices.ts';

import { Empty, ErrorMessage, formatDateTime, Loading } from '../components/bits.tsx';
import { Dialog } from '../components/Dialog.tsx';
import { Page } from '../components/Shell.tsx';
import { isAdmin, useSession } from '../session.tsx';
import { AnalysisFields, type Analysis } from './AnalysisFields.tsx';

interface Draft {
  name: string;
  vulnerabilityIds: string;
  purls: string;
  assetNames: string;
  expression: string;
  status: RuleStatus;
  analysis: Analysis;
  validFrom: string;
  validUntil: string;
  priority: string;
}

const lines = (text: string) =>
  text
    .split(/[\n,]/)
    .map((t) => t.trim())
    .filter(Boolean);

/** `datetime-local` values are local time without a zone; the API wants an instant. */
const toLocalInput = (iso: string | null) => {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

const draftOf = (r: TriageRule | null): Draft => ({
  name: r?.name ?? '',
  vulnerabilityIds: (r?.match.vulnerabilityIds ?? []).join('\n'),
  purls: (r?.match.purls ?? []).join('\n'),
  assetNames: (r?.match.assetNames ?? []).join(', '),
  expression: r?.match.expression ?? '',
  status: r?.analysis.status ?? 'false_positive',
  analysis: {
    justification: r?.analysis.justification ?? '',
    response: r?.analysis.response ?? [],
    detail: r?.analysis.detail ?? '',
  },
  validFrom: toLocalInput(r?.validFrom ?? null),
  validUntil: toLocalInput(r?.validUntil ?? null),
  priority: String(r?.priority ?? 50),
});

function bodyOf(d: Draft, tags: string[] | undefined): RuleBody {
  const match: RuleMatch = {};
  const ids = lines(d.vulnerabilityIds);
  const purls = lines(d.purls);
  const assets = lines(d.assetNames);
  if (ids.length > 0) match.vulnerabilityIds = ids;
  if (purls.length > 0) match.purls = purls;
  if (assets.length > 0) match.assetNames = assets;
  // Asset tags are not offered yet; a rule's stored tags are kept as they are.
  if (tags && tags.length > 0) match.tags = tags;
  if (d.expression.trim()) match.expression = d.expression.trim();
  return {
    name: d.name.trim(),
    match,
    analysis: {
      status: d.status,
      ...(d.analysis.justification ? { justification: d.analysis.justification } : {}),
      ...(d.analysis.response.length > 0 ? { response: d.analysis.response } : {}),
      detail: d.analysis.detail.trim(),
    },
    ...(d.validFrom ? { validFrom: new Date(d.validFrom).toISOString() } : {}),
    ...(d.validUntil ? { validUntil: new Date(d.validUntil).toISOString() } : {}),
    priority: Number(d.priority),
  };
}

/** A rule's match in words. */
export function describeMatch(m: RuleMatch): string {
  const parts = [
    m.vulnerabilityIds && `vulnerability ${m.vulnerabilityIds.join(' or ')}`,
    m.purls && `package ${m.purls.join(' or ')}`,
    m.assetNames && `asset ${m.assetNames.join(' or ')}`,
    m.tags && `tag ${m.tags.join(' or ')}`,
    m.expression && `CEL ${m.expression}`,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(', and ') : 'every finding';
}

function inForce(r: TriageRule): string {
  const now = new Date().toISOString();
  if (r.validUntil && r.validUntil <= now) return `expired ${formatDateTime(r.validUntil)}`;
  if (r.validFrom && r.validFrom > now) return `from ${formatDateTime(r.validFrom)}`;
  return r.validUntil ? `until ${formatDateTime(r.validUntil)}` : 'in force';
}

type Effect = { name: string; verb: string; triaged: number; reopened: number };

function PreviewResult({ preview }: { preview: RulePreview }) {
  return (
    <section aria-labelledby="rp-h" data-testid="rule-preview" className="preview">
      <h3 id="rp-h">Preview</h3>
      <p role="status">
        {preview.matching === 0
          ? 'Matches no open finding now (it will triage matching findings as they appear).'
          : `Matches ${preview.matching} open ${preview.matching === 1 ? 'finding' : 'findings'}; would change ${preview.wouldChange}.`}
      </p>
      {preview.findings.length > 0 && (
        <div className="table-wrap">
          <table>
            <caption className="visually-hidden">Findings this rule would change</caption>
            <thead>
              <tr>
                <th scope="col">Vulnerability</th>
                <th scope="col">Component</th>
                <th scope="col" className="wide-only">
                  Asset
                </th>
                <th scope="col">Now</th>
              </tr>
            </thead>
            <tbody>
              {preview.findings.map((f) => (
                <tr key={f.id}>
                  <td>{f.vulnerabilityId}</td>
                  <td>
                    {f.component.name} {f.component.version ?? ''}
                  </td>
                  <td className="wide-only">{f.assetName}</td>
                  <td>
                    {label(f.status)}
                    {f.triageRuleId && <span className="small muted"> (by rule {f.triageRuleId})</span>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function RuleForm({ rule, onDone }: { rule: TriageRule | null; onDone: (effect: Effect) => void }) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft>(() => draftOf(rule));
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const tags = rule?.match.tags;
  const preview = useMutation({
    mutationFn: async () =>
      (await unwrap(api.POST('/sscs/triage-rules/preview', { body: bodyOf(draft, tags) }))).data,
  });
  const save = useMutation({
    mutationFn: async () =>
      (
        await (rule
          ? unwrap(
              api.PUT('/sscs/triage-rules/{ruleId}', {
                params: { path: { ruleId: rule.id } },
                body: bodyOf(draft, tags),
              }),
            )
          : unwrap(api.POST('/sscs/triage-rules', { body: bodyOf(draft, tags) })))
      ).data,
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: ['triage-rules'] });
      await queryClient.invalidateQueries({ queryKey: ['findings'] });
      onDone({ name: saved.name, verb: rule ? 'saved' : 'created', ...saved.effect });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  return (
    <form className="policy-form" onSubmit={submit}>
      <div className="field">
        <label htmlFor="r-name">Name</label>
        <input id="r-name" required value={draft.name} onChange={(e) => set('name', e.target.value)} />
      </div>
      <fieldset>
        <legend>Which findings (all given fields must match; any value of a list)</legend>
        <div className="row">
          <div className="field grow">
            <label htmlFor="r-ids">Vulnerability ids (one a line; aliases match)</label>
            <textarea
              id="r-ids"
              rows={2}
              className="mono"
              value={draft.vulnerabilityIds}
              onChange={(e) => set('vulnerabilityIds', e.target.value)}
            />
          </div>
          <div className="field grow">
            <label htmlFor="r-purls">Package URL patterns (one a line)</label>
            <textarea
              id="r-purls"
              rows={2}
              className="mono"
              placeholder="pkg:npm/lodash"
              value={draft.purls}
              onChange={(e) => set('purls', e.target.value)}
            />
          </div>
        </div>
        <div className="field">
          <label htmlFor="r-assets">Assets (comma-separated; empty for every asset)</label>
          <input id="r-assets" value={draft.assetNames} onChange={(e) => set('assetNames', e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="r-expression">CEL expression (optional)</label>
          <textarea
            id="r-expression"
            rows={2}
            className="mono"
            value={draft.expression}
            onChange={(e) => set('expression', e.target.value)}
          />
        </div>
      </fieldset>
      <fieldset>
        <legend>Triage to apply</legend>
        <div className="field">
          <label htmlFor="r-status">Status</label>
          <select
            id="r-status"
            value={draft.status}
            onChange={(e) => set('status', e.target.value as RuleStatus)}
          >
            {RULE_STATUSES.map((s) => (
              <option key={s} value={s}>
                {label(s)}
              </option>
            ))}
          </select>
        </div>
        <div className="stack">
          <AnalysisFields value={draft.analysis} disabled={false} onChange={(a) => set('analysis', a)} />
        </div>
      </fieldset>
      <div className="row">
        <div className="field">
          <label htmlFor="r-from">Valid from (optional)</label>
          <input
            id="r-from"
            type="datetime-local"
            value={draft.validFrom}
            onChange={(e) => set('validFrom', e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="r-until">Valid until (optional)</label>
          <input
            id="r-until"
            type="datetime-local"
            value={draft.validUntil}
            onChange={(e) => set('validUntil', e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="r-priority">Priority (0–100)</label>
          <input
            id="r-priority"
            type="number"
            min={0}
            max={100}
            value={draft.priority}
            onChange={(e) => set('priority', e.target.value)}
          />
        </div>
      </div>
      <ErrorMessage error={preview.error ?? save.error} />
      {preview.data && !preview.isPending && <PreviewResult preview={preview.data} />}
      <div className="toolbar">
        <button
          type="button"
          className="secondary"
          disabled={preview.isPending}
          onClick={() => preview.mutate()}
        >
          {preview.isPending ? 'Previewing…' : 'Preview changes'}
        </button>
        <button type="submit" disabled={save.isPending}>
          {rule ? 'Save rule' : 'Create rule'}
        </button>
      </div>
    </form>
  );
}

/** The findings a rule set and that still carry its triage (their history names it). */
function RuleFindings({ rule }: { rule: TriageRule }) {
  const findings = useQuery({
    queryKey: ['findings', 'list', 'rule', rule.id],
    queryFn: () =>
      read(
        api.GET('/sscs/findings', {
          params: { query: present({ status: rule.analysis.status, triageRuleId: rule.id, limit: 100 }) },
        }),
      ),
  });
  return (
    <section aria-labelledby="rf-h">
      <h3 id="rf-h">Findings it triaged</h3>
      {findings.isPending && <Loading what="findings" />}
      <ErrorMessage error={findings.error} />
      {findings.data && findings.data.length === 0 && <Empty>None now.</Empty>}
      {findings.data && findings.data.length > 0 && (
        <ul className="finding-list" data-testid="rule-findings">
          {findings.data.map((f) => (
            <li key={f.id}>
              <strong>{f.vulnerabilityId}</strong> in {f.component.name} {f.component.version ?? ''}:{' '}
              {label(f.status)}
            </li>
          ))}
        </ul>
      )}
      {findings.data && findings.data.length === 100 && (
        <p className="small muted">The first 100 are shown.</p>
      )}
      <p className="small">
        <Link to="/findings" search={{ status: rule.analysis.status }}>
          All {label(rule.analysis.status)} findings
        </Link>{' '}
        (the triage dialog's history says "by rule {rule.id}").
      </p>
    </section>
  );
}

function RuleDetail({ rule }: { rule: TriageRule }) {
  return (
    <>
      <dl className="facts">
        <dt>Matches</dt>
        <dd className="break">{describeMatch(rule.match)}</dd>
        <dt>Sets</dt>
        <dd>
          {label(rule.analysis.status)}
          {rule.analysis.justification && `, ${label(rule.analysis.justification)}`}
          {rule.analysis.response.length > 0 && ` (${rule.analysis.response.map(label).join(', ')})`}
        </dd>
        <dt>Detail</dt>
        <dd className="break">{rule.analysis.detail}</dd>
        <dt>Priority</dt>
        <dd>{rule.priority}</dd>
        <dt>In force</dt>
        <dd>{inForce(rule)}</dd>
        <dt>Id</dt>
        <dd className="mono">{rule.id}</dd>
      </dl>
      <RuleFindings rule={rule} />
    </>
  );
}

function DeleteRule({ rule, onDone }: { rule: TriageRule; onDone: (effect: Effect | null) => void }) {
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: async () =>
      (await unwrap(api.DELETE('/sscs/triage-rules/{ruleId}', { params: { path: { ruleId: rule.id } } })))
        .data,
    onSuccess: async (deleted) => {
      await queryClient.invalidateQueries({ queryKey: ['triage-rules'] });
      await queryClient.invalidateQueries({ queryKey: ['findings'] });
      onDone({ name: rule.name, verb: 'deleted', ...deleted.effect });
    },
  });
  return (
    <div className="stack">
      <p>
        Delete the rule {rule.name}? The findings it set and nobody changed since go to the next matching rule
        or back to open.
      </p>
      <ErrorMessage error={remove.error} />
      <div className="toolbar">
        <button type="button" className="danger" disabled={remove.isPending} onClick={() => remove.mutate()}>
          Delete
        </button>
        <button type="button" className="secondary" onClick={() => onDone(null)}>
          Cancel
        </button>
      </div>
    </div>
  );
}

type Open =
  | { type: 'edit'; rule: TriageRule | null }
  | { type: 'view'; rule: TriageRule }
  | { type: 'delete'; rule: TriageRule };

export default function TriageRules() {
  const { session } = useSession();
  const admin = isAdmin(session);
  const rules = useTriageRules();
  const [open, setOpen] = useState<Open | null>(null);
  const [effect, setEffect] = useState<Effect | null>(null);
  const done = (e: Effect | null) => {
    setOpen(null);
    if (e) setEffect(e);
  };
  return (
    <Page
      title="Triage rules"
      actions={
        admin && (
          <button type="button" onClick={() => setOpen({ type: 'edit', rule: null })}>
            New rule
          </button>
        )
      }
    >
      {!admin && (
        <p className="notice">
          You can read the triage rules; owners and admins create and change them (you are{' '}
          <strong>{session?.user.role}</strong>).
        </p>
      )}
      {effect && (
        <p className="success" role="status" data-testid="rule-effect">
          Rule {effect.name} {effect.verb}: {effect.triaged} {effect.triaged === 1 ? 'finding' : 'findings'}{' '}
          triaged, {effect.reopened} reopened.
        </p>
      )}
      <section className="card" aria-labelledby="tr-h">
        <h2 id="tr-h">Rules</h2>
        <p className="small muted">
          A rule triages the open findings it matches, now and as they appear; the highest priority wins, and
          a person's triage always wins over rules.
        </p>
        {rules.isPending && <Loading what="triage rules" />}
        <ErrorMessage error={rules.error} />
        {rules.data && rules.data.length === 0 && <Empty>No triage rules yet.</Empty>}
        {rules.data && rules.data.length > 0 && (
          <div className="table-wrap">
            <table data-testid="triage-rules" className="fit">
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col" className="wide-only">
                    Matches
                  </th>
                  <th scope="col">Sets</th>
                  <th scope="col" className="wide-only">
                    Priority
                  </th>
                  <th scope="col" className="wide-only">
                    In force
                  </th>
                  {admin && (
                    <th scope="col">
                      <span className="visually-hidden">Actions</span>
                    </th>
                  )}
                </tr>
              </thead>
              <tbody>
                {rules.data.map((r) => (
                  <tr key={r.id}>
                    <td className="name">
                      <button
                        type="button"
                        className="linkish"
                        onClick={() => setOpen({ type: 'view', rule: r })}
                      >
                        {r.name}
                      </button>
                      <div className="small phone-only break">{describeMatch(r.match)}</div>
                    </td>
                    <td className="break wide-only">{describeMatch(r.match)}</td>
                    <td>{label(r.analysis.status)}</td>
                    <td className="wide-only">{r.priority}</td>
                    <td className="wide-only">{inForce(r)}</td>
                    {admin && (
                      <td className="actions">
                        <button
                          type="button"
                          className="secondary"
                          onClick={() => setOpen({ type: 'edit', rule: r })}
                        >
                          Edit<span className="visually-hidden"> {r.name}</span>
                        </button>
                        <button
                          type="button"
                          className="danger"
                          onClick={() => setOpen({ type: 'delete', rule: r })}
                        >
                          Delete<span className="visually-hidden"> {r.name}</span>
                        </button>
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      {open?.type === 'edit' && (
        <Dialog
          title={open.rule ? `Edit ${open.rule.name}` : 'New triage rule'}
          open
          wide
          onClose={() => setOpen(null)}
        >
          <RuleForm rule={open.rule} onDone={done} />
        </Dialog>
      )}
      {open?.type === 'view' && (
        <Dialog title={open.rule.name} open wide onClose={() => setOpen(null)}>
          <RuleDetail rule={open.rule} />
        </Dialog>
      )}
      {open?.type === 'delete' && (
        <Dialog title={`Delete ${open.rule.name}`} open onClose={() => setOpen(null)}>
          <DeleteRule rule={open.rule} onDone={done} />
        </Dialog>
      )}
    </Page>
  );
}
