// Policies (docs/policies.md): the organisation's license, security and operational policies by kind, and its
// license groups. Owners and admins create, edit (with a preview of what the policy would find in the latest SBOM
// of each asset before saving) and delete; other roles read, as the server enforces.
import { useState, type FormEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, call, unwrap } from '../api/http.ts';
import {
  describeCondition,
  KIND_SUBJECTS,
  POLICY_KINDS,
  usePolicies,
  useLicenseGroups,
  VIOLATION_STATES,
  type Condition,
  type LicenseGroup,
  type Policy,
  type PolicyBody,
  type PolicyKind,
  type PolicyPreview,
  type ViolationState,
} from '../api/policies.ts';
import { useSboms } from '../api/queries.ts';
import { Empty, ErrorMessage, formatDate, Loading } from '../components/bits.tsx';
import { Dialog } from '../components/Dialog.tsx';
import { Page } from '../components/Shell.tsx';
import { isAdmin, useSession } from '../session.tsx';
import { conditionForApi, ConditionRows, newCondition } from './PolicyConditions.tsx';

const KIND_TITLES: Record<PolicyKind, string> = {
  license: 'License policies',
  security: 'Security policies',
  operational: 'Operational policies',
};

export function StateBadge({ state }: { state: ViolationState }) {
  return <span className={`badge state-${state}`}>{state}</span>;
}

interface Draft {
  name: string;
  description: string;
  kind: PolicyKind;
  operator: 'any' | 'all';
  violationState: ViolationState;
  conditions: Condition[];
  /** Comma-separated asset names; empty: every asset. */
  assets: string;
  enabled: boolean;
}

const draftOf = (p: Policy | null, groups: readonly LicenseGroup[]): Draft =>
  p
    ? {
        name: p.name,
        description: p.description ?? '',
        kind: p.kind,
        operator: p.operator,
        violationState: p.violationState,
        conditions: p.conditions,
        assets: (p.assetNames ?? []).join(', '),
        enabled: p.enabled,
      }
    : {
        name: '',
        description: '',
        kind: 'license',
        operator: 'any',
        violationState: 'fail',
        conditions: [newCondition('license_group', groups)],
        assets: '',
        enabled: true,
      };

function bodyOf(d: Draft, tags: string[] | null): PolicyBody {
  const assets = d.assets
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
  return {
    name: d.name.trim(),
    description: d.description.trim() || null,
    kind: d.kind,
    operator: d.operator,
    violationState: d.violationState,
    conditions: d.conditions.map(conditionForApi),
    assetNames: assets.length > 0 ? assets : null,
    // Asset tags are not offered yet (docs/policies.md); a policy's stored tags are kept as they are.
    tags,
    enabled: d.enabled,
  };
}

function PreviewResult({ preview }: { preview: PolicyPreview }) {
  return (
    <section aria-labelledby="preview-h" data-testid="policy-preview" className="preview">
      <h3 id="preview-h">Preview</h3>
      <p role="status">
        {preview.violations === 0
          ? `No violations in the latest SBOM of ${preview.sboms} ${preview.sboms === 1 ? 'asset' : 'assets'}.`
          : `${preview.violations} ${preview.violations === 1 ? 'violation' : 'violations'} in ${preview.components} ${
              preview.components === 1 ? 'component' : 'components'
            }, in the latest SBOM of ${preview.sboms} ${preview.sboms === 1 ? 'asset' : 'assets'}.`}
      </p>
      {preview.sample.length > 0 && (
        <div className="table-wrap">
          <table>
            <caption className="visually-hidden">Violations this policy would find</caption>
            <thead>
              <tr>
                <th scope="col">Asset</th>
                <th scope="col">Component</th>
                <th scope="col">Reason</th>
              </tr>
            </thead>
            <tbody>
              {preview.sample.map((v) => (
                <tr key={`${v.sbomId}|${v.componentId}|${v.findingId ?? ''}`}>
                  <td>{v.assetName}</td>
                  <td>
                    {v.component.name} {v.component.version ?? ''}
                  </td>
                  <td className="break">{v.reason}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {preview.violations > preview.sample.length && (
            <p className="small muted">The first {preview.sample.length} are shown.</p>
          )}
        </div>
      )}
    </section>
  );
}

function PolicyForm({
  policy,
  groups,
  onDone,
}: {
  policy: Policy | null;
  groups: readonly LicenseGroup[];
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const sboms = useSboms();
  const [draft, setDraft] = useState<Draft>(() => draftOf(policy, groups));
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const tags = policy?.tags ?? null;
  const preview = useMutation({
    mutationFn: async () =>
      (await unwrap(api.POST('/sscs/policies/preview', { body: bodyOf(draft, tags) }))).data,
  });
  const save = useMutation({
    mutationFn: () =>
      policy
        ? unwrap(
            api.PUT('/sscs/policies/{policyId}', {
              params: { path: { policyId: policy.id } },
              body: bodyOf(draft, tags),
            }),
          )
        : unwrap(api.POST('/sscs/policies', { body: bodyOf(draft, tags) })),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['policies'] });
      // Re-evaluation runs in the background: the violations are fetched again when next shown.
      await queryClient.invalidateQueries({ queryKey: ['violations'] });
      onDone();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  const assetNames = [...new Set((sboms.data ?? []).map((s) => s.assetName))].sort();
  return (
    <form className="policy-form" onSubmit={submit}>
      <div className="row">
        <div className="field grow">
          <label htmlFor="p-name">Name</label>
          <input id="p-name" required value={draft.name} onChange={(e) => set('name', e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="p-kind">Kind</label>
          <select id="p-kind" value={draft.kind} onChange={(e) => set('kind', e.target.value as PolicyKind)}>
            {POLICY_KINDS.map((k) => (
              <option key={k} value={k}>
                {k}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="p-state">A violation is</label>
          <select
            id="p-state"
            value={draft.violationState}
            onChange={(e) => set('violationState', e.target.value as ViolationState)}
          >
            {VIOLATION_STATES.map((s) => (
              <option key={s} value={s}>
                {s === 'fail' ? 'fail (blocks the pipeline)' : s}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="field">
        <label htmlFor="p-description">Description</label>
        <textarea
          id="p-description"
          rows={2}
          value={draft.description}
          onChange={(e) => set('description', e.target.value)}
        />
      </div>
      <fieldset>
        <legend>Conditions</legend>
        <div className="field">
          <label htmlFor="p-operator">A component violates the policy when it meets</label>
          <select
            id="p-operator"
            value={draft.operator}
            onChange={(e) => set('operator', e.target.value as 'any' | 'all')}
          >
            <option value="any">any condition</option>
            <option value="all">all conditions</option>
          </select>
        </div>
        <ConditionRows
          conditions={draft.conditions}
          groups={groups}
          subjects={KIND_SUBJECTS[draft.kind]}
          disabled={false}
          onChange={(conditions) => set('conditions', conditions)}
        />
        {draft.conditions.length < 50 && (
          <button
            type="button"
            className="secondary"
            onClick={() =>
              set('conditions', [...draft.conditions, newCondition(KIND_SUBJECTS[draft.kind][0]!, groups)])
            }
          >
            Add condition
          </button>
        )}
      </fieldset>
      <div className="field">
        <label htmlFor="p-assets">Assets (comma-separated; empty for every asset)</label>
        <input
          id="p-assets"
          list="p-asset-names"
          value={draft.assets}
          onChange={(e) => set('assets', e.target.value)}
        />
        <datalist id="p-asset-names">
          {assetNames.map((a) => (
            <option key={a} value={a} />
          ))}
        </datalist>
      </div>
      <label className="check">
        <input type="checkbox" checked={draft.enabled} onChange={(e) => set('enabled', e.target.checked)} />{' '}
        Enabled
      </label>
      <ErrorMessage error={preview.error ?? save.error} />
      {preview.data && !preview.isPending && <PreviewResult preview={preview.data} />}
      <div className="toolbar">
        <button
          type="button"
          className="secondary"
          disabled={preview.isPending}
          onClick={() => preview.mutate()}
        >
          {preview.isPending ? 'Previewing…' : 'Preview violations'}
        </button>
        <button type="submit" disabled={save.isPending}>
          {policy ? 'Save policy' : 'Create policy'}
        </button>
      </div>
    </form>
  );
}

function GroupForm({ group, onDone }: { group: LicenseGroup | null; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState(group?.name ?? '');
  const [licenses, setLicenses] = useState((group?.licenses ?? []).join('\n'));
  const save = useMutation({
    mutationFn: () => {
      const body = {
        name: name.trim(),
        licenses: licenses
          .split(/[\n,]/)
          .map((l) => l.trim())
          .filter(Boolean),
      };
      return group
        ? unwrap(api.PUT('/sscs/license-groups/{groupId}', { params: { path: { groupId: group.id } }, body }))
        : unwrap(api.POST('/sscs/license-groups', { body }));
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['license-groups'] });
      onDone();
    },
  });
  return (
    <form
      className="stack"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <label htmlFor="g-name">Name</label>
      <input id="g-name" required value={name} onChange={(e) => setName(e.target.value)} />
      <label htmlFor="g-licenses">Licenses (SPDX ids, one a line)</label>
      <textarea
        id="g-licenses"
        rows={8}
        className="mono"
        value={licenses}
        onChange={(e) => setLicenses(e.target.value)}
      />
      <ErrorMessage error={save.error} />
      <button type="submit" disabled={save.isPending}>
        {group ? 'Save group' : 'Create group'}
      </button>
    </form>
  );
}

function Confirm({
  what,
  note,
  path,
  queryKey,
  onDone,
}: {
  what: string;
  note: string;
  path: string;
  queryKey: string[];
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => call('DELETE', path),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey });
      await queryClient.invalidateQueries({ queryKey: ['violations'] });
      onDone();
    },
  });
  return (
    <div className="stack">
      <p>
        Delete {what}? {note}
      </p>
      <ErrorMessage error={remove.error} />
      <div className="toolbar">
        <button type="button" className="danger" disabled={remove.isPending} onClick={() => remove.mutate()}>
          Delete
        </button>
        <button type="button" className="secondary" onClick={onDone}>
          Cancel
        </button>
      </div>
    </div>
  );
}

const conditionsOf = (p: Policy) =>
  p.conditions.map(describeCondition).join(p.operator === 'all' ? ' and ' : ' or ');

function PolicyTable({
  policies,
  admin,
  onEdit,
  onDelete,
}: {
  policies: Policy[];
  admin: boolean;
  onEdit: (p: Policy) => void;
  onDelete: (p: Policy) => void;
}) {
  return (
    <div className="table-wrap">
      <table className="fit">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col" className="wide-only">
              Conditions
            </th>
            <th scope="col">Violation</th>
            <th scope="col" className="wide-only">
              Assets
            </th>
            <th scope="col" className="wide-only">
              Updated
            </th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {policies.map((p) => (
            <tr key={p.id}>
              <td className="name">
                {p.name}
                {!p.enabled && <span className="small muted"> (disabled)</span>}
                {p.description && <div className="small muted">{p.description}</div>}
                <div className="small phone-only break">{conditionsOf(p)}</div>
              </td>
              <td className="break wide-only">{conditionsOf(p)}</td>
              <td>
                <StateBadge state={p.violationState} />
              </td>
              <td className="wide-only">{p.assetNames ? p.assetNames.join(', ') : 'every asset'}</td>
              <td className="wide-only">{formatDate(p.updatedAt)}</td>
              <td className="actions">
                <Link to="/violations" search={{ policyId: p.id }}>
                  Violations<span className="visually-hidden"> of {p.name}</span>
                </Link>
                {admin && (
                  <>
                    <button type="button" className="secondary" onClick={() => onEdit(p)}>
                      Edit<span className="visually-hidden"> {p.name}</span>
                    </button>
                    <button type="button" className="danger" onClick={() => onDelete(p)}>
                      Delete<span className="visually-hidden"> {p.name}</span>
                    </button>
                  </>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

type Editing =
  | { type: 'policy'; policy: Policy | null }
  | { type: 'delete-policy'; policy: Policy }
  | { type: 'group'; group: LicenseGroup | null }
  | { type: 'delete-group'; group: LicenseGroup };

export default function Policies() {
  const { session } = useSession();
  const admin = isAdmin(session);
  const policies = usePolicies();
  const groups = useLicenseGroups();
  const [editing, setEditing] = useState<Editing | null>(null);
  const close = () => setEditing(null);

  return (
    <Page
      title="Policies"
      actions={
        admin && (
          <button
            type="button"
            disabled={!groups.data}
            onClick={() => setEditing({ type: 'policy', policy: null })}
          >
            New policy
          </button>
        )
      }
    >
      {!admin && (
        <p className="notice">
          You can read the policies; owners and admins create and change them (you are{' '}
          <strong>{session?.user.role}</strong>).
        </p>
      )}
      {policies.isPending && <Loading what="policies" />}
      <ErrorMessage error={policies.error} />
      {policies.data && policies.data.length === 0 && (
        <Empty>No policies yet: nothing is forbidden, and no violation is raised.</Empty>
      )}
      {policies.data &&
        POLICY_KINDS.map((kind) => {
          const ofKind = policies.data.filter((p) => p.kind === kind);
          if (ofKind.length === 0) return null;
          return (
            <section key={kind} className="card" aria-labelledby={`pk-${kind}`}>
              <h2 id={`pk-${kind}`}>
                {KIND_TITLES[kind]} ({ofKind.length})
              </h2>
              <PolicyTable
                policies={ofKind}
                admin={admin}
                onEdit={(policy) => setEditing({ type: 'policy', policy })}
                onDelete={(policy) => setEditing({ type: 'delete-policy', policy })}
              />
            </section>
          );
        })}
      <section className="card" aria-labelledby="lg-h">
        <div className="page-head">
          <h2 id="lg-h">License groups</h2>
          {admin && (
            <button
              type="button"
              className="secondary"
              onClick={() => setEditing({ type: 'group', group: null })}
            >
              New group
            </button>
          )}
        </div>
        {groups.isPending && <Loading what="license groups" />}
        <ErrorMessage error={groups.error} />
        {groups.data && (
          <ul className="groups">
            {groups.data.map((g) => (
              <li key={g.id}>
                <details>
                  <summary>
                    <strong>{g.name}</strong> <span className="muted">({g.licenses.length} licenses)</span>
                  </summary>
                  <p className="mono small break">{g.licenses.join(', ') || 'none'}</p>
                  {admin && (
                    <div className="toolbar">
                      <button
                        type="button"
                        className="secondary"
                        onClick={() => setEditing({ type: 'group', group: g })}
                      >
                        Edit<span className="visually-hidden"> {g.name}</span>
                      </button>
                      <button
                        type="button"
                        className="danger"
                        onClick={() => setEditing({ type: 'delete-group', group: g })}
                      >
                        Delete<span className="visually-hidden"> {g.name}</span>
                      </button>
                    </div>
                  )}
                </details>
              </li>
            ))}
          </ul>
        )}
      </section>
      {editing?.type === 'policy' && groups.data && (
        <Dialog
          title={editing.policy ? `Edit ${editing.policy.name}` : 'New policy'}
          open
          wide
          onClose={close}
        >
          <PolicyForm policy={editing.policy} groups={groups.data} onDone={close} />
        </Dialog>
      )}
      {editing?.type === 'delete-policy' && (
        <Dialog title={`Delete ${editing.policy.name}`} open onClose={close}>
          <Confirm
            what={`the policy ${editing.policy.name}`}
            note="Its violations go with it."
            path={`/sscs/policies/${editing.policy.id}`}
            queryKey={['policies']}
            onDone={close}
          />
        </Dialog>
      )}
      {editing?.type === 'group' && (
        <Dialog
          title={editing.group ? `Edit group ${editing.group.name}` : 'New license group'}
          open
          onClose={close}
        >
          <GroupForm group={editing.group} onDone={close} />
        </Dialog>
      )}
      {editing?.type === 'delete-group' && (
        <Dialog title={`Delete group ${editing.group.name}`} open onClose={close}>
          <Confirm
            what={`the license group ${editing.group.name}`}
            note="A group a policy names cannot be deleted."
            path={`/sscs/license-groups/${editing.group.id}`}
            queryKey={['license-groups']}
            onDone={close}
          />
        </Dialog>
      )}
    </Page>
  );
}
