// "Connect an AI assistant": MCP client configurations to paste, for HTTP and for stdio, with this server's URL.
import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { Page } from '../components/Shell.tsx';
import { isAdmin, useSession } from '../session.tsx';

function Snippet({ id, title, text }: { id: string; title: string; text: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <section className="card" aria-labelledby={id}>
      <div className="page-head">
        <h2 id={id}>{title}</h2>
        <button
          type="button"
          className="secondary"
          onClick={() => void navigator.clipboard.writeText(text).then(() => setCopied(true))}
        >
          {copied ? 'Copied' : 'Copy'}
          <span className="visually-hidden"> {title}</span>
        </button>
      </div>
      <pre tabIndex={0} aria-label={title}>
        <code>{text}</code>
      </pre>
    </section>
  );
}

export default function Connect() {
  const { session } = useSession();
  const url = `${window.location.origin}/api/v1/mcp`;
  const http = JSON.stringify(
    {
      mcpServers: {
        bulwark: { type: 'http', url, headers: { Authorization: 'Bearer bwk_paste_the_token_here' } },
      },
    },
    null,
    2,
  );
  const stdio = JSON.stringify(
    {
      mcpServers: {
        bulwark: {
          command: 'npx',
          args: ['-y', 'mcp-remote', url, '--header', 'Authorization:Bearer ${BULWARK_TOKEN}'],
          env: { BULWARK_TOKEN: 'bwk_paste_the_token_here' },
        },
      },
    },
    null,
    2,
  );
  const local = JSON.stringify(
    {
      mcpServers: {
        bulwark: {
          command: 'node',
          args: ['/path/to/bulwark/bin/bulwark.js', 'mcp'],
          env: {
            BULWARK_TOKEN: 'bwk_paste_the_token_here',
            DATABASE_URL: 'sqlite:/path/to/bulwark/data/bulwark.sqlite',
          },
        },
      },
    },
    null,
    2,
  );
  return (
    <Page title="Connect an AI assistant">
      <p>
        Bulwark's tool server gives assistants read tools (and one write tool) over the governance data of{' '}
        <strong>{session?.org.name}</strong> ({session?.org.slug}). They need an API token with the{' '}
        <code>mcp:read</code> scope (and <code>mcp:write</code> for draft risks, when the organisation allows
        writes).{' '}
        {isAdmin(session) ? (
          <Link to="/access/tokens">Create a token</Link>
        ) : (
          'Ask an administrator for a token.'
        )}
      </p>
      <Snippet id="http-h" title="Streamable HTTP clients" text={http} />
      <Snippet id="stdio-h" title="stdio clients, through the HTTP endpoint" text={stdio} />
      <Snippet id="local-h" title="stdio on the server machine (reads the database directly)" text={local} />
    </Page>
  );
}
