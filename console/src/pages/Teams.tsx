// Teams (admins): members and the assets they are granted, by tag or id (docs/portfolio-access.md). With the
// organisation's portfolio access on, members and viewers see only what their teams grant.
import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, read, unwrap } from '../api/http.ts';
import type { Team, TeamGrant } from '../api/rest.ts';
import { Empty, ErrorMessage, Loading } from '../components/bits.tsx';
import { Page } from '../components/Shell.tsx';

interface GrantDraft {
  tags: string;
  ids: string;
  role: 'member' | 'viewer';
}

const list = (text: string): string[] =>
  text
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
const toDraft = (g: TeamGrant): GrantDraft => ({
  tags: g.assetTags.join(', '),
  ids: g.assetIds.join(', '),
  role: g.role,
});
const describe = (g: TeamGrant) =>
  [
    g.assetTags.length ? `tags ${g.assetTags.join(', ')}` : '',
    g.assetIds.length ? `assets ${g.assetIds.join(', ')}` : '',
  ]
    .filter(Boolean)
    .join(' + ') + ` (${g.role})`;

export default function Teams() {
  const queryClient = useQueryClient();
  const teams = useQuery({ queryKey: ['teams'], queryFn: () => read(api.GET('/teams')) });
  const users = useQuery({ queryKey: ['users'], queryFn: () => read(api.GET('/users')) });
  const [editing, setEditing] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [members, setMembers] = useState<Set<string>>(new Set());
  const [grants, setGrants] = useState<GrantDraft[]>([{ tags: '', ids: '', role: 'member' }]);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['teams'] });
  const reset = () => {
    setEditing(null);
    setName('');
    setMembers(new Set());
    setGrants([{ tags: '', ids: '', role: 'member' }]);
  };

  const save = useMutation({
    mutationFn: () => {
      const body = {
        name: name.trim(),
        members: [...members],
        grants: grants
          .filter((g) => list(g.tags).length > 0 || list(g.ids).length > 0)
          .map((g) => ({
            assetTags: list(g.tags).map((t) => t.toLowerCase()),
            assetIds: list(g.ids),
            role: g.role,
          })),
      };
      return editing
        ? unwrap(api.PATCH('/teams/{teamId}', { params: { path: { teamId: editing } }, body }))
        : unwrap(api.POST('/teams', { body }));
    },
    onSuccess: async () => {
      reset();
      await refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (id: string) => unwrap(api.DELETE('/teams/{teamId}', { params: { path: { teamId: id } } })),
    onSettled: refresh,
  });

  const edit = (team: Team) => {
    setEditing(team.id);
    setName(team.name);
    setMembers(new Set(team.members));
    setGrants(team.grants.length ? team.grants.map(toDraft) : [{ tags: '', ids: '', role: 'member' }]);
  };
  const setGrant = (i: number, change: Partial<GrantDraft>) =>
    setGrants((prev) => prev.map((g, j) => (j === i ? { ...g, ...change } : g)));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  const emailOf = (id: string) => users.data?.find((u) => u.id === id)?.email ?? id;

  return (
    <Page title="Teams">
      <section className="card" aria-labelledby="team-form-h">
        <h2 id="team-form-h">{editing ? `Edit ${name}` : 'New team'}</h2>
        <form className="stack" onSubmit={submit}>
          <label htmlFor="team-name">Name</label>
          <input id="team-name" required value={name} onChange={(e) => setName(e.target.value)} />
          <fieldset>
            <legend>Members</legend>
            {users.isPending && <Loading what="users" />}
            {(users.data ?? []).map((u) => (
              <label key={u.id} className="check">
                <input
                  type="checkbox"
                  checked={members.has(u.id)}
                  onChange={() =>
                    setMembers((prev) => {
                      const next = new Set(prev);
                      if (next.has(u.id)) next.delete(u.id);
                      else next.add(u.id);
                      return next;
                    })
                  }
                />{' '}
                {u.email} <span className="muted">({u.role})</span>
              </label>
            ))}
          </fieldset>
          <fieldset>
            <legend>Grants</legend>
            {grants.map((g, i) => (
              <div key={i} className="stack" role="group" aria-label={`Grant ${i + 1}`}>
                <label htmlFor={`grant-tags-${i}`}>Asset tags (comma-separated)</label>
                <input
                  id={`grant-tags-${i}`}
                  value={g.tags}
                  onChange={(e) => setGrant(i, { tags: e.target.value })}
                />
                <label htmlFor={`grant-ids-${i}`}>Asset ids (comma-separated)</label>
                <input
                  id={`grant-ids-${i}`}
                  className="mono"
                  value={g.ids}
                  onChange={(e) => setGrant(i, { ids: e.target.value })}
                />
                <label htmlFor={`grant-role-${i}`}>Role</label>
                <select
                  id={`grant-role-${i}`}
                  value={g.role}
                  onChange={(e) => setGrant(i, { role: e.target.value as GrantDraft['role'] })}
                >
                  <option value="member">member</option>
                  <option value="viewer">viewer</option>
                </select>
                {grants.length > 1 && (
                  <button
                    type="button"
                    className="secondary"
                    onClick={() => setGrants((p) => p.filter((_, j) => j !== i))}
                  >
                    Remove grant {i + 1}
                  </button>
                )}
              </div>
            ))}
            <button
              type="button"
              className="secondary"
              onClick={() => setGrants((p) => [...p, { tags: '', ids: '', role: 'member' }])}
            >
              Add a grant
            </button>
          </fieldset>
          <ErrorMessage error={save.error} />
          <div className="row">
            <button type="submit" disabled={save.isPending || !name.trim()}>
              {editing ? 'Save team' : 'Create team'}
            </button>
            {editing && (
              <button
                type="button"
                className="secondary"
                onClick={() => {
                  reset();
                  save.reset();
                }}
              >
                Cancel
              </button>
            )}
          </div>
        </form>
      </section>
      <section className="card" aria-labelledby="teams-h">
        <h2 id="teams-h">Teams</h2>
        {teams.isPending && <Loading what="teams" />}
        <ErrorMessage error={teams.error ?? remove.error} />
        {teams.data && teams.data.length === 0 && <Empty>No teams yet.</Empty>}
        {teams.data && teams.data.length > 0 && (
          <div className="table-wrap">
            <table>
              <thead>
                <tr>
                  <th scope="col">Team</th>
                  <th scope="col">Members</th>
                  <th scope="col">Grants</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {teams.data.map((t) => (
                  <tr key={t.id} data-team-id={t.id}>
                    <td>{t.name}</td>
                    <td>{t.members.map(emailOf).join(', ') || '—'}</td>
                    <td data-testid="team-grants">{t.grants.map(describe).join('; ') || 'none'}</td>
                    <td>
                      <button type="button" className="secondary" onClick={() => edit(t)}>
                        Edit<span className="visually-hidden"> {t.name}</span>
                      </button>{' '}
                      <button
                        type="button"
                        className="danger"
                        disabled={remove.isPending}
                        onClick={() => {
                          if (window.confirm(`Delete the team ${t.name}? Its members lose what it grants.`))
                            remove.mutate(t.id);
                        }}
                      >
                        Delete<span className="visually-hidden"> {t.name}</span>
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </Page>
  );
}
