/**
 * The visitor's account page: the sign-in form, or who is signed in with their language and a
 * sign-out that keeps a copy of the cart. Sign-out is retried once after a crumb failure (spec §7).
 */
import { useEffect, useRef, useState } from 'react';
import { SESSION_MESSAGES, XSRF_HEADER } from '../../accounts/messages';
import { apiCall, responseFailure } from '../api';
import SignInFields, { useSignIn } from '../components/SignInFields';
import { applyPageLanguage, forgetAccountLanguage } from '../account-language';
import { fieldValue } from '../field-value';

export interface AccountPanelProps {
  /** The languages a shopper may choose: the site's, its translations' and the store's formats. */
  languages: string[];
  /**
   * The translation plugin's own languages (the site's connected translations): the plugin serves
   * those, so choosing one sends no locale call (storefront spec §7).
   */
  translationLanguages: string[];
}

/** What sign-out says about the cart, from the answer's `cartCloned` and `entriesLeftOut`. */
const SIGNED_OUT = {
  cartKept: 'You are signed out. Your cart is still here.',
  cartKeptInPart: 'You are signed out. Your cart is still here, without the items that are no longer in stock.',
  noCart: 'You are signed out.',
} as const;

interface SignedOut {
  cartCloned: boolean;
  entriesLeftOut?: number;
}

interface Session {
  authenticated: boolean;
  email?: string;
  xsrfToken?: string;
  language?: string | null;
}

const SESSION = '/api/site-users/account/session';

function call(method: string, path: string, body?: unknown, xsrf?: string): Promise<Response> {
  return apiCall(method, path, body, xsrf === undefined ? {} : { [XSRF_HEADER]: xsrf });
}

export default function AccountPanel({ languages, translationLanguages }: AccountPanelProps) {
  const [session, setSession] = useState<Session | null>(null);
  const [remember, setRemember] = useState(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  const refresh = async () => setSession((await (await call('GET', SESSION)).json()) as Session);
  useEffect(() => {
    refresh().catch(() => setSession({ authenticated: false }));
  }, []);

  const { email, password, setEmail, setPassword, busy: signingIn, error, submit } = useSignIn((email, password) => {
    setMessage(null);
    return call('POST', SESSION, { email, password, rememberMe: remember });
  }, refresh);

  const signOut = async () => {
    setBusy(true);
    let res = await call('DELETE', `${SESSION}?cloneCart=true`, undefined, session?.xsrfToken);
    if (res.status === 403 && ((await res.clone().json().catch(() => null)) as { crumbFail?: boolean } | null)?.crumbFail === true) {
      const fresh = (await (await call('GET', SESSION)).json()) as Session;
      res = await call('DELETE', `${SESSION}?cloneCart=true`, undefined, fresh.xsrfToken);
    }
    setBusy(false);
    if (!res.ok) return setMessage(await responseFailure(res, SESSION_MESSAGES.signOutFailed));
    const { cartCloned, entriesLeftOut = 0 } = (await res.json()) as SignedOut;
    setMessage(!cartCloned ? SIGNED_OUT.noCart : entriesLeftOut > 0 ? SIGNED_OUT.cartKeptInPart : SIGNED_OUT.cartKept);
    await refresh();
  };

  /** Counts the shopper's language choices, so a save that answers after a newer choice changes nothing. */
  const languageChoices = useRef(0);
  /** '' is the site default (the account's language cleared). */
  const changeLanguage = async (choice: string) => {
    const turn = ++languageChoices.current;
    const language = choice === '' ? null : choice;
    if (language !== null && translationLanguages.includes(language)) {
      setSession((current) => (current === null ? current : { ...current, language }));
      applyPageLanguage(language);
      return setMessage(null);
    }
    const res = await call('POST', '/api/site-users/account/locale', { language }, session?.xsrfToken);
    if (turn !== languageChoices.current) return;
    setMessage(res.ok ? 'Language saved.' : await responseFailure(res, 'Unable to save your language.'));
    if (!res.ok) return;
    setSession((current) => (current === null ? current : { ...current, language }));
    forgetAccountLanguage();
    applyPageLanguage(language);
  };

  if (session === null) return <p aria-busy="true">Loading your account…</p>;
  const status = message === null ? null : (
    <p className="AccountPanel-message" role="status">
      {message}
    </p>
  );
  if (session.authenticated) {
    return (
      <div className="AccountPanel">
        <p className="AccountPanel-email">Signed in as {session.email}</p>
        <label htmlFor="account-language">Language</label>
        <select id="account-language" value={session.language ?? ''} onChange={(e) => void changeLanguage(fieldValue(e))}>
          <option value="">Site default</option>
          {languages.map((language) => (
            <option key={language}>{language}</option>
          ))}
        </select>
        <button type="button" className="AccountPanel-signout" disabled={busy} onClick={() => void signOut()}>
          {busy ? 'Signing out…' : 'Sign out'}
        </button>
        {status}
      </div>
    );
  }
  return (
    <form className="AccountPanel SignInForm" onSubmit={(event) => void submit(event)}>
      <SignInFields idPrefix="signin" email={email} password={password} onEmail={setEmail} onPassword={setPassword} />
      <label className="FormField-choice">
        <input type="checkbox" checked={remember} onChange={() => setRemember(!remember)} /> Remember me
      </label>
      <button type="submit" disabled={signingIn}>
        {signingIn ? 'Signing in…' : 'Sign in'}
      </button>
      {error !== null && (
        <p className="AccountPanel-error" role="alert">
          {error}
        </p>
      )}
      {status}
    </form>
  );
}
