// Security: the signed-in person's TOTP second factor (QR code, recovery codes) and, for owners, the
// organisation's single sign-on (OpenID Connect) with its dry run. docs/identity.md.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import QRCode from 'qrcode';
import { useEffect, useState, type FormEvent } from 'react';
import { api, ApiError, read, unwrap } from '../api/http.ts';
import type { Role } from '../api/rest.ts';
import { ErrorMessage, Loading } from '../components/bits.tsx';
import { Page } from '../components/Shell.tsx';
import { useSession } from '../session.tsx';

function SecondFactor() {
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: ['mfa'], queryFn: () => read(api.GET('/session/mfa')) });
  const [enrolment, setEnrolment] = useState<{ secret: string; otpauthUri: string; qr: string } | null>(null);
  const [code, setCode] = useState('');
  const [codes, setCodes] = useState<string[] | null>(null);
  const start = useMutation({
    mutationFn: async () => {
      const { data } = await unwrap(api.POST('/session/mfa'));
      setEnrolment({ ...data, qr: await QRCode.toDataURL(data.otpauthUri, { margin: 1, width: 200 }) });
    },
  });
  const confirm = useMutation({
    mutationFn: () => unwrap(api.POST('/session/mfa/confirm', { body: { code: code.trim() } })),
    onSuccess: (result) => {
      setCodes(result.data.recoveryCodes);
      setEnrolment(null);
      setCode('');
      void queryClient.invalidateQueries({ queryKey: ['mfa'] });
    },
  });
  const disable = useMutation({
    mutationFn: () => {
      const value = code.trim();
      return unwrap(
        api.DELETE('/session/mfa', {
          body: /^\d{6}$/.test(value) ? { code: value } : { recoveryCode: value },
        }),
      );
    },
    onSuccess: () => {
      setCode('');
      void queryClient.invalidateQueries({ queryKey: ['mfa'] });
    },
  });

  return (
    <section className="card" aria-labelledby="mfa-h">
      <h2 id="mfa-h">Second factor</h2>
      {status.isPending && <Loading what="the second factor" />}
      <ErrorMessage error={status.error} />
      {codes && (
        <div role="status">
          <p>Keep these recovery codes somewhere safe; each works once and they are shown only now:</p>
          <ul className="mono" data-testid="recovery-codes">
            {codes.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
        </div>
      )}
      {status.data && !status.data.enabled && !enrolment && (
        <button type="button" onClick={() => start.mutate()} disabled={start.isPending}>
          Set up an authenticator app
        </button>
      )}
      {enrolment && (
        <form
          className="stack"
          onSubmit={(e: FormEvent) => {
            e.preventDefault();
            confirm.mutate();
          }}
        >
          <img src={enrolment.qr} alt="QR code of the authenticator app set-up" width={200} height={200} />
          <p className="muted">
            Or enter this key: <code data-testid="totp-secret">{enrolment.secret}</code>
          </p>
          <label htmlFor="mfa-code">Code shown by the app</label>
          <input
            id="mfa-code"
            inputMode="numeric"
            autoComplete="one-time-code"
            required
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
          <button type="submit" disabled={confirm.isPending}>
            Turn on
          </button>
        </form>
      )}
      {status.data?.enabled && (
        <form
          className="stack"
          onSubmit={(e: FormEvent) => {
            e.preventDefault();
            disable.mutate();
          }}
        >
          <p>On; {status.data.recoveryCodesLeft} recovery code(s) left.</p>
          <label htmlFor="mfa-off">Code (or a recovery code) to turn it off</label>
          <input id="mfa-off" required value={code} onChange={(e) => setCode(e.target.value)} />
          <button type="submit" disabled={disable.isPending}>
            Turn off
          </button>
        </form>
      )}
      <ErrorMessage error={start.error ?? confirm.error ?? disable.error} />
    </section>
  );
}

const mappingText = (m: Record<string, string>) =>
  Object.entries(m)
    .map(([group, role]) => `${group} = ${role}`)
    .join('\n');

function SingleSignOn() {
  const queryClient = useQueryClient();
  const config = useQuery({
    queryKey: ['sso'],
    queryFn: async () => {
      try {
        return await read(api.GET('/org/sso'));
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });
  const [form, setForm] = useState({
    issuer: '',
    clientId: '',
    clientSecret: '',
    scopes: 'openid email profile',
    groupsClaim: 'groups',
    mapping: '',
    defaultRole: '' as Role | '',
    enforced: false,
  });
  const [dryRun, setDryRun] = useState<string | null>(null);
  useEffect(() => {
    const c = config.data;
    if (c)
      setForm({
        issuer: c.issuer,
        clientId: c.clientId,
        clientSecret: '',
        scopes: c.scopes.join(' '),
        groupsClaim: c.groupsClaim,
        mapping: mappingText(c.roleMapping),
        defaultRole: c.defaultRole ?? '',
        enforced: c.enforced,
      });
  }, [config.data]);
  useEffect(() => {
    // The dry run's callback comes back here with the claims in the fragment (never sent to a server).
    const match = /#ssoTest=([A-Za-z0-9_-]+)/.exec(window.location.hash);
    if (!match) return;
    const json = atob(match[1]!.replaceAll('-', '+').replaceAll('_', '/'));
    setDryRun(JSON.stringify(JSON.parse(json), null, 2));
  }, []);
  const save = useMutation({
    mutationFn: () => {
      const roleMapping = Object.fromEntries(
        form.mapping
          .split('\n')
          .map((line) => line.split('=').map((part) => part.trim()))
          .filter((parts) => parts.length === 2 && parts[0] && parts[1]),
      );
      return unwrap(
        api.PUT('/org/sso', {
          body: {
            issuer: form.issuer.trim(),
            clientId: form.clientId.trim(),
            ...(form.clientSecret ? { clientSecret: form.clientSecret } : {}),
            scopes: form.scopes.split(/\s+/).filter(Boolean),
            groupsClaim: form.groupsClaim.trim() || 'groups',
            roleMapping,
            defaultRole: form.defaultRole || null,
            enforced: form.enforced,
          },
        }),
      );
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['sso'] }),
  });
  const test = useMutation({
    mutationFn: () => unwrap(api.POST('/org/sso/test', { body: {} })),
    onSuccess: (result) => window.location.assign(result.data.authorizationUrl),
  });
  const field = (
    key: 'issuer' | 'clientId' | 'clientSecret' | 'scopes' | 'groupsClaim',
    label: string,
    type = 'text',
  ) => (
    <>
      <label htmlFor={`sso-${key}`}>{label}</label>
      <input
        id={`sso-${key}`}
        type={type}
        value={form[key]}
        placeholder={key === 'clientSecret' && config.data ? 'unchanged' : undefined}
        onChange={(e) => setForm({ ...form, [key]: e.target.value })}
      />
    </>
  );

  return (
    <section className="card" aria-labelledby="sso-h">
      <h2 id="sso-h">Single sign-on (OpenID Connect)</h2>
      {config.isPending && <Loading what="single sign-on" />}
      <ErrorMessage error={config.error} />
      <p className="muted">
        Redirect URI for the provider: <code>{`${window.location.origin}/api/v1/session/sso/callback`}</code>
      </p>
      <form
        className="stack"
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          save.mutate();
        }}
      >
        {field('issuer', 'Issuer URL')}
        {field('clientId', 'Client ID')}
        {field('clientSecret', 'Client secret (write-only)', 'password')}
        {field('scopes', 'Scopes')}
        {field('groupsClaim', 'Groups claim')}
        <label htmlFor="sso-mapping">Role mapping (one "group = role" a line)</label>
        <textarea
          id="sso-mapping"
          rows={4}
          value={form.mapping}
          onChange={(e) => setForm({ ...form, mapping: e.target.value })}
        />
        <label htmlFor="sso-default">Role without a mapped group</label>
        <select
          id="sso-default"
          value={form.defaultRole}
          onChange={(e) => setForm({ ...form, defaultRole: e.target.value as Role | '' })}
        >
          <option value="">none (no access)</option>
          <option value="viewer">viewer</option>
          <option value="member">member</option>
          <option value="admin">admin</option>
        </select>
        <label>
          <input
            type="checkbox"
            checked={form.enforced}
            onChange={(e) => setForm({ ...form, enforced: e.target.checked })}
          />{' '}
          Only owners may sign in with a password
        </label>
        <div className="row">
          <button type="submit" disabled={save.isPending}>
            Save
          </button>
          {config.data && (
            <button type="button" onClick={() => test.mutate()} disabled={test.isPending}>
              Dry run: sign in at the provider and show the claims
            </button>
          )}
        </div>
      </form>
      <ErrorMessage error={save.error ?? test.error} />
      {dryRun && (
        <pre className="mono" data-testid="sso-dry-run">
          {dryRun}
        </pre>
      )}
    </section>
  );
}

export default function Security() {
  const { session } = useSession();
  return (
    <Page title="Security">
      <SecondFactor />
      {session?.user.role === 'owner' && <SingleSignOn />}
    </Page>
  );
}
