// Connected applications: the assistants the signed-in person authorised (OAuth grants); disconnect ends them at once.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, read, unwrap } from '../api/http.ts';
import { Empty, ErrorMessage, formatDateTime, Loading } from '../components/bits.tsx';
import { Page } from '../components/Shell.tsx';

export default function Applications() {
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: ['oauth-connections'],
    queryFn: () => read(api.GET('/oauth/connections')),
  });
  const revoke = useMutation({
    mutationFn: (id: string) => unwrap(api.DELETE('/oauth/connections/{id}', { params: { path: { id } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['oauth-connections'] }),
  });
  return (
    <Page title="Connected applications">
      <p className="muted">
        Assistants you authorised to use the tool server as you. Disconnecting one ends its access on its next
        request.
      </p>
      {list.isPending && <Loading what="connected applications" />}
      <ErrorMessage error={list.error ?? revoke.error} />
      {list.data && list.data.length === 0 && <Empty>No connected applications.</Empty>}
      {list.data && list.data.length > 0 && (
        <div className="table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">Application</th>
                <th scope="col">Permissions</th>
                <th scope="col">Connected</th>
                <th scope="col">Last used</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.data.map((c) => (
                <tr key={c.id} data-connection-id={c.id}>
                  <td>{c.clientName ?? <span className="mono small">{c.clientId}</span>}</td>
                  <td>{c.scopes.join(', ') || '—'}</td>
                  <td>{formatDateTime(c.createdAt)}</td>
                  <td>{c.lastUsedAt ? formatDateTime(c.lastUsedAt) : 'never'}</td>
                  <td>
                    <button
                      type="button"
                      className="danger"
                      disabled={revoke.isPending}
                      onClick={() => {
                        if (
                          window.confirm(`Disconnect ${c.clientName ?? c.clientId}? It is cut off at once.`)
                        )
                          revoke.mutate(c.id);
                      }}
                    >
                      Disconnect<span className="visually-hidden"> {c.clientName ?? c.clientId}</span>
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Page>
  );
}
