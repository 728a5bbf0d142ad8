// Organisation settings (admins): the MCP write switch, which lets AI assistants create draft risks.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, read, unwrap } from '../api/http.ts';
import type { Org } from '../api/rest.ts';
import { ErrorMessage, Loading } from '../components/bits.tsx';
import { Page } from '../components/Shell.tsx';

export default function Organisation() {
  const queryClient = useQueryClient();
  const org = useQuery({ queryKey: ['org'], queryFn: () => read(api.GET('/org')) });
  const update = useMutation({
    mutationFn: (
      changes: Partial<Pick<Org, 'mcpWriteEnabled' | 'mcpSupplyChainTools' | 'portfolioAccess'>>,
    ) => unwrap(api.PATCH('/org', { body: changes })),
    onSuccess: (result) => queryClient.setQueryData(['org'], result.data),
  });

  return (
    <Page title="Organisation">
      {org.isPending && <Loading what="the organisation" />}
      <ErrorMessage error={org.error} />
      {org.data && (
        <>
          <dl className="facts card">
            <dt>Name</dt>
            <dd>{org.data.name}</dd>
            <dt>Slug</dt>
            <dd className="mono">{org.data.slug}</dd>
            <dt>Plan</dt>
            <dd>{org.data.plan}</dd>
          </dl>
          <section className="card" aria-labelledby="mcp-h">
            <h2 id="mcp-h">AI assistants</h2>
            <div className="switch-row">
              <button
                type="button"
                role="switch"
                id="mcp-write"
                aria-checked={org.data.mcpWriteEnabled}
                aria-describedby="mcp-write-help"
                className="switch"
                disabled={update.isPending}
                onClick={() => update.mutate({ mcpWriteEnabled: !org.data.mcpWriteEnabled })}
              >
                <span aria-hidden="true" className="knob" />
              </button>
              <label htmlFor="mcp-write">Allow write tools (MCP)</label>
            </div>
            <p id="mcp-write-help" className="muted">
              When on, tokens with the <code>mcp:write</code> scope may call <code>risk_create_draft</code>.
              Read tools are always available to <code>mcp:read</code>. Currently{' '}
              <strong data-testid="mcp-write-state">{org.data.mcpWriteEnabled ? 'on' : 'off'}</strong>.
            </p>
            <div className="switch-row">
              <button
                type="button"
                role="switch"
                id="mcp-supply"
                aria-checked={org.data.mcpSupplyChainTools}
                aria-describedby="mcp-supply-help"
                className="switch"
                disabled={update.isPending}
                onClick={() => update.mutate({ mcpSupplyChainTools: !org.data.mcpSupplyChainTools })}
              >
                <span aria-hidden="true" className="knob" />
              </button>
              <label htmlFor="mcp-supply">Supply-chain tools (MCP)</label>
            </div>
            <p id="mcp-supply-help" className="muted">
              When on, assistants also see <code>findings_search</code>, <code>sbom_list</code> and{' '}
              <code>asset_overview</code>. Currently{' '}
              <strong data-testid="mcp-supply-state">{org.data.mcpSupplyChainTools ? 'on' : 'off'}</strong>.
            </p>
            <ErrorMessage error={update.error} />
          </section>
          <section className="card" aria-labelledby="portfolio-h">
            <h2 id="portfolio-h">Portfolio access</h2>
            <div className="switch-row">
              <button
                type="button"
                role="switch"
                id="portfolio-access"
                aria-checked={org.data.portfolioAccess}
                aria-describedby="portfolio-access-help"
                className="switch"
                disabled={update.isPending}
                onClick={() => update.mutate({ portfolioAccess: !org.data.portfolioAccess })}
              >
                <span aria-hidden="true" className="knob" />
              </button>
              <label htmlFor="portfolio-access">Scope members and viewers to their teams</label>
            </div>
            <p id="portfolio-access-help" className="muted">
              When on, members and viewers see only the assets their teams grant (Access → Teams); owners and
              admins see everything. Currently{' '}
              <strong data-testid="portfolio-access-state">{org.data.portfolioAccess ? 'on' : 'off'}</strong>.
            </p>
          </section>
        </>
      )}
    </Page>
  );
}
