/**
 * The editor area's front door (`/config`): a merchant signs in with their team account and sees
 * what their role lets them open. Not part of the public store: no analytics, not indexed.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { apiCall, responseFailure } from '../api';
import SignInFields from '../components/SignInFields';

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
const SIGN_IN_FAILED = 'Unable to sign in. Please try again.';

function call(method: string, body?: unknown): Promise<Response> {
  return apiCall(method, SESSION, body ?? (method === 'GET' ? undefined : {}));
}

export default function MerchantConsole({ analyticsRoles }: MerchantConsoleProps) {
  const [state, setState] = useState<MerchantState | null>(null);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const refresh = async () => setState((await (await fetch(SESSION)).json()) as MerchantState);
  useEffect(() => {
    refresh().catch(() => setState({ authenticated: false }));
  }, []);

  const signIn = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const res = await call('POST', { email, password }).catch(() => null);
    setBusy(false);
    if (res?.ok !== true) return setError(res === null ? SIGN_IN_FAILED : await responseFailure(res, SIGN_IN_FAILED));
    setPassword('');
    await refresh();
  };

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
    <form className="MerchantConsole SignInForm" onSubmit={(event) => void signIn(event)}>
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
