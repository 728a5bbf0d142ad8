// Users and roles (admins): invite with a role and an optional first password, change a role, remove.
import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, read, unwrap } from '../api/http.ts';
import { ROLES } from '../api/choices.ts';
import type { Role } from '../api/rest.ts';
import { ErrorMessage, Loading } from '../components/bits.tsx';
import { Page } from '../components/Shell.tsx';
import { useSession } from '../session.tsx';

export default function Users() {
  const { session } = useSession();
  const queryClient = useQueryClient();
  const users = useQuery({ queryKey: ['users'], queryFn: () => read(api.GET('/users')) });
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [role, setRole] = useState<Role>('member');
  const [password, setPassword] = useState('');
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['users'] });

  const create = useMutation({
    mutationFn: () =>
      unwrap(
        api.POST('/users', {
          body: {
            email: email.trim(),
            role,
            ...(name.trim() ? { name: name.trim() } : {}),
            ...(password ? { password } : {}),
          },
        }),
      ),
    onSuccess: async () => {
      setEmail('');
      setName('');
      setPassword('');
      await refresh();
    },
  });
  const changeRole = useMutation({
    mutationFn: ({ id, role: next }: { id: string; role: Role }) =>
      unwrap(api.PATCH('/users/{userId}', { params: { path: { userId: id } }, body: { role: next } })),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: string) => unwrap(api.DELETE('/users/{userId}', { params: { path: { userId: id } } })),
    onSettled: refresh,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };

  return (
    <Page title="Users">
      <section className="card" aria-labelledby="nu-h">
        <h2 id="nu-h">Add a user</h2>
        <form className="stack" onSubmit={submit}>
          <label htmlFor="u-email">E-mail</label>
          <input
            id="u-email"
            type="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <label htmlFor="u-name">Name</label>
          <input id="u-name" value={name} onChange={(e) => setName(e.target.value)} />
          <label htmlFor="u-role">Role</label>
          <select id="u-role" value={role} onChange={(e) => setRole(e.target.value as Role)}>
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
          <label htmlFor="u-password">First password (at least 12 characters; optional)</label>
          <input
            id="u-password"
            type="password"
            autoComplete="new-password"
            minLength={12}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <ErrorMessage error={create.error} />
          <button type="submit" disabled={create.isPending}>
            Add user
          </button>
        </form>
      </section>
      <section className="card" aria-labelledby="ul-h">
        <h2 id="ul-h">Members</h2>
        {users.isPending && <Loading what="users" />}
        <ErrorMessage error={users.error ?? changeRole.error ?? remove.error} />
        {users.data && (
          <div className="table-wrap">
            <table>
              <thead>
                <tr>
                  <th scope="col">E-mail</th>
                  <th scope="col" className="wide-only">
                    Name
                  </th>
                  <th scope="col">Role</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {users.data.map((u) => {
                  const self = u.id === session?.user.id;
                  return (
                    <tr key={u.id}>
                      <td>{u.email}</td>
                      <td className="wide-only">{u.name ?? '—'}</td>
                      <td>
                        <label htmlFor={`role-${u.id}`} className="visually-hidden">
                          Role of {u.email}
                        </label>
                        <select
                          id={`role-${u.id}`}
                          value={u.role}
                          disabled={self || changeRole.isPending}
                          onChange={(e) => changeRole.mutate({ id: u.id, role: e.target.value as Role })}
                        >
                          {ROLES.map((r) => (
                            <option key={r} value={r}>
                              {r}
                            </option>
                          ))}
                        </select>
                      </td>
                      <td>
                        {!self && (
                          <button
                            type="button"
                            className="danger"
                            onClick={() => {
                              if (window.confirm(`Remove ${u.email}? Their sessions end at once.`))
                                remove.mutate(u.id);
                            }}
                          >
                            Remove<span className="visually-hidden"> {u.email}</span>
                          </button>
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </Page>
  );
}
