/**
 * The editor area's front door (`/config`): a merchant signs in with their team account and sees
 * what their role lets them open. Not part of the public store: no analytics, not indexed.
 */
import { useEffect, useState } from 'react';
import { apiCall } from '../api';
import SignInFields, { useSignIn } from '../components/SignInFields';

export interface MerchantConsoleProps {
  /** Roles that may open the analytics dashboard. */
  analyticsRoles: number[];
}

interface MerchantState {
  authenticated: boolean;
  email?: string;
  roles?: number[];
}

const SESSION = '/api/merchant/session';

function call(method: string, body?: unknown): Promise<Response> {
  return apiCall(method, SESSION, body ?? (method === 'GET' ? undefined : {}));
}

export default function MerchantConsole({ analyticsRoles }: MerchantConsoleProps) {
  const [state, setState] = useState<MerchantState | null>(null);
  const refresh = async () => setState((await (await fetch(SESSION)).json()) as MerchantState);
  useEffect(() => {
    refresh().catch(() => setState({ authenticated: false }));
  }, []);
  const { email, password, setEmail, setPassword, busy, error, submit } = useSignIn((email, password) => call('POST', { email, password }), refresh);

  if (state === null) return <p aria-busy="true">Loading…</p>;
  if (state.authenticated) {
    const roles = state.roles ?? [];
    return (
      <div className="MerchantConsole">
        <p className="MerchantConsole-who">
          Signed in as {state.email} (roles {roles.join(', ')})
        </p>
        <ul>
          {roles.some((role) => analyticsRoles.includes(role)) && (
            <li>
              <a href="/config/analytics">Analytics</a>
            </li>
          )}
          <li>
            <a href="/">View the store</a>
          </li>
        </ul>
        <button type="button" onClick={() => void call('DELETE').then(refresh)}>
          Sign out
        </button>
      </div>
    );
  }
  return (
    <form className="MerchantConsole SignInForm" onSubmit={(event) => void submit(event)}>
      <SignInFields idPrefix="merchant" email={email} password={password} onEmail={setEmail} onPassword={setPassword} />
      <button type="submit" disabled={busy}>
        {busy ? 'Signing in…' : 'Sign in'}
      </button>
      {error !== null && (
        <p className="AccountPanel-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
