/**
 * The visitor's account page. Signed out: sign in, create an account, or ask for a password reset
 * link; opened from an emailed link (`?verify=…`, `?reset=…`) it verifies the email or asks for the
 * new password. Signed in: who is signed in (and whether the email is verified, with a new link on
 * request), their language, a sign-out that keeps a copy of the cart (retried once after a crumb
 * failure, spec §7), then the account's sections (src/client/account/sections.ts).
 */
import { useEffect, useRef, useState } from 'react';
import { storefrontRoutes as api } from '../../api/storefront';
import { ACCOUNT_MESSAGES, SESSION_MESSAGES } from '../../accounts/messages';
import { responseFailure } from '../api';
import SignInFields, { useSignIn } from '../components/SignInFields';
import { applyPageLanguage, forgetAccountLanguage } from '../account-language';
import { rememberAccountLanguage, setVisitorLanguage, visitorLanguage } from '../visitor-language';
import { markAccountLink } from '../account-link';
import { pageDocument } from '../dom';
import { fieldValue } from '../field-value';
import { fill, languageName } from '../../commerce/storefront-text';
import { EN_PURCHASE } from '../../commerce/storefront-text/en-purchase';
import { sayIn } from '../../commerce/storefront-text/say-in';
import { shopperText, showPageLanguageText } from '../shopper-text';
import { usePurchaseText } from '../use-purchase-text';
import { accountCall, readSession, xsrfOf, type AccountSession, type SignedInSession } from '../account/account-api';
import { takeLinkToken, type LinkToken } from '../account/link-token';
import { ForgotPasswordForm, NewPasswordForm } from '../account/PasswordResetForms';
import { ACCOUNT_SECTIONS } from '../account/sections';
import SignUpForm from '../account/SignUpForm';

export interface AccountPanelProps {
  /** The languages a shopper may choose: the site's, its translations' and the store's formats. */
  languages: string[];
  /**
   * The translation plugin's own languages (the site's connected translations): the plugin serves
   * those, so choosing one sends no locale call (storefront spec §7).
   */
  translationLanguages: string[];
}

/** What sign-out says about the cart, from the answer's `cartCloned` and `entriesLeftOut` (catalogue keys). */
const SIGNED_OUT = {
  cartKept: 'account.signedOutCartKept',
  cartKeptInPart: 'account.signedOutCartKeptInPart',
  noCart: 'account.signedOut',
} as const;

type View = 'signIn' | 'signUp' | 'forgot' | 'reset';
const FIRST_FIELD: Readonly<Record<View, string>> = {
  signIn: '#signin-email',
  signUp: '#signup-email',
  forgot: '#forgot-email',
  reset: '#new-password',
};

/**
 * The page speaks the signed-in account's language (null: the site's) from the sign-in's answer or the shopper's change,
 * and this browser keeps it for the account, so the next page's header and `<html lang>` are in it from the first paint.
 */
function speakAccountLanguage(language: string | null): void {
  forgetAccountLanguage();
  rememberAccountLanguage(language);
  applyPageLanguage(language);
  void showPageLanguageText();
}

export default function AccountPanel({ languages, translationLanguages }: AccountPanelProps) {
  const [session, setSession] = useState<AccountSession | null>(null);
  const text = usePurchaseText();
  const [remember, setRemember] = useState(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [view, setView] = useState<View>('signIn');
  const [visitorChoice, setVisitorChoice] = useState(() => visitorLanguage() ?? '');
  const link = useRef<LinkToken>(null);

  const refresh = async () => {
    setSession(await readSession());
    markAccountLink(shopperText());
  };
  const {
    email,
    password,
    setEmail,
    setPassword,
    busy: signingIn,
    error,
    submit,
  } = useSignIn(
    (email, password) => {
      setMessage(null);
      setProblem(null);
      return accountCall(api.signIn.at(), { email, password, rememberMe: remember });
    },
    async (signedIn) => {
      speakAccountLanguage((await signedIn.json()).language);
      await refresh();
    },
  );

  useEffect(() => {
    link.current = takeLinkToken();
    if (link.current?.kind === 'reset') setView('reset');
    if (link.current?.kind === 'verify') {
      void accountCall(api.verify.at(), { token: link.current.token })
        .then(async (res) => {
          if (!res.ok) return setProblem(await responseFailure(res, ACCOUNT_MESSAGES.failed));
          const verified = await res.json();
          setMessage(verified.message);
          setEmail(verified.email);
          await refresh();
        })
        .catch(() => setProblem(ACCOUNT_MESSAGES.failed));
    }
    refresh().catch(() => setSession({ authenticated: false }));
  }, []);

  /** Set once the shopper switches forms: the new form's first field then takes the focus (not on the page's load). */
  const switched = useRef(false);
  useEffect(() => {
    if (!switched.current) return;
    pageDocument()?.documentElement.querySelector(FIRST_FIELD[view])?.focus();
  }, [view]);

  const show = (next: View) => {
    switched.current = true;
    setView(next);
    setMessage(null);
    setProblem(null);
  };

  const signOut = async () => {
    setBusy(true);
    let res = await accountCall(api.signOut.at({ cloneCart: true }), undefined, xsrfOf(session));
    if (
      res.status === 403 &&
      (
        (await res
          .clone()
          .json()
          .catch(() => null)) as { crumbFail?: boolean } | null
      )?.crumbFail === true
    ) {
      const fresh = await readSession();
      res = await accountCall(api.signOut.at({ cloneCart: true }), undefined, xsrfOf(fresh));
    }
    setBusy(false);
    if (!res.ok) return setProblem(await responseFailure(res, SESSION_MESSAGES.signOutFailed));
    const { cartCloned, entriesLeftOut = 0 } = await res.json();
    setView('signIn');
    setMessage(
      text[!cartCloned ? SIGNED_OUT.noCart : entriesLeftOut > 0 ? SIGNED_OUT.cartKeptInPart : SIGNED_OUT.cartKept],
    );
    await refresh();
  };

  const resendVerification = async () => {
    setBusy(true);
    const res = await accountCall(api.verification.at(), {}, xsrfOf(session)).catch(() => null);
    setBusy(false);
    if (res?.ok !== true)
      return setProblem(res === null ? ACCOUNT_MESSAGES.failed : await responseFailure(res, ACCOUNT_MESSAGES.failed));
    setProblem(null);
    setMessage((await res.json()).message);
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
      void showPageLanguageText();
      return setMessage(null);
    }
    const res = await accountCall(api.accountLocale.at(), { language }, xsrfOf(session));
    if (turn !== languageChoices.current) return;
    setMessage(
      res.ok ? EN_PURCHASE['account.languageSaved'] : await responseFailure(res, EN_PURCHASE['account.languageFailed']),
    );
    if (!res.ok) return;
    setSession((current) => (current === null ? current : { ...current, language }));
    speakAccountLanguage(language);
  };

  /** Signed out, the language is this browser's choice until an account has one ('' is the site's). */
  const chooseVisitorLanguage = (choice: string) => {
    setVisitorLanguage(choice === '' ? null : choice);
    setVisitorChoice(choice);
    applyPageLanguage(choice === '' ? null : choice);
    void showPageLanguageText();
  };

  if (session === null) return <p aria-busy="true">{text['account.loading']}</p>;
  const languageOptions = (
    <>
      <option value="">{text['account.siteDefault']}</option>
      {languages.map((language) => (
        <option key={language} value={language} lang={language}>
          {languageName(language)}
        </option>
      ))}
    </>
  );
  const feedback = (
    <>
      <p className="AccountPanel-message AccountPanel-status" role="status" aria-live="polite">
        {message === null ? null : sayIn(text, message)}
      </p>
      {problem !== null && (
        <p className="AccountPanel-error" role="alert">
          {sayIn(text, problem)}
        </p>
      )}
    </>
  );

  // A reset link opened while signed in still asks for the new password (setting it signs every session out).
  if (view !== 'reset' && session.authenticated) {
    const signedIn: SignedInSession = session;
    return (
      <div className="AccountPanel AccountPanel--signedIn">
        <div className="AccountPanel-summary">
          <p className="AccountPanel-email">{fill(text['account.signedInAs'], { email: signedIn.email })}</p>
          <button
            type="button"
            className="AccountPanel-signout AccountPanel-secondary"
            disabled={busy}
            onClick={() => void signOut()}
          >
            {busy ? text['account.signingOut'] : text['account.signOut']}
          </button>
        </div>
        {signedIn.verified === false && (
          <div className="AccountPanel-unverified">
            <p>{text['account.unverified']}</p>
            <button
              type="button"
              className="AccountPanel-secondary"
              disabled={busy}
              onClick={() => void resendVerification()}
            >
              {text['account.sendNewLink']}
            </button>
          </div>
        )}
        {feedback}
        {ACCOUNT_SECTIONS.map(({ id, title, Component }) => (
          <section key={id} className={`AccountSection AccountSection--${id}`} aria-labelledby={`account-${id}`}>
            <h2 id={`account-${id}`}>{sayIn(text, title)}</h2>
            <Component session={signedIn} />
          </section>
        ))}
        <section className="AccountSection AccountSection--settings" aria-labelledby="account-settings">
          <h2 id="account-settings">{text['account.settings']}</h2>
          <label htmlFor="account-language">{text['account.language']}</label>
          <select
            id="account-language"
            value={signedIn.language ?? ''}
            onChange={(e) => void changeLanguage(fieldValue(e))}
          >
            {languageOptions}
          </select>
        </section>
      </div>
    );
  }

  const done = (said: string, doneEmail?: string) => {
    setView('signIn');
    setProblem(null);
    setMessage(said);
    if (doneEmail !== undefined) setEmail(doneEmail);
    void refresh().catch(() => undefined);
  };
  return (
    <div className="AccountPanel AccountPanel--signedOut">
      {view === 'signIn' && (
        <form
          className="AccountPanel-form SignInForm"
          onSubmit={(event) => void submit(event)}
          noValidate
          aria-labelledby="signin-title"
        >
          <h2 id="signin-title">{text['account.signIn']}</h2>
          <SignInFields
            idPrefix="signin"
            labels={{ email: text['account.email'], password: text['account.password'] }}
            email={email}
            password={password}
            onEmail={setEmail}
            onPassword={setPassword}
          />
          <label className="FormField-choice">
            <input type="checkbox" checked={remember} onChange={() => setRemember(!remember)} />{' '}
            {text['account.rememberMe']}
          </label>
          <button type="submit" disabled={signingIn}>
            {signingIn ? text['account.signingIn'] : text['account.signIn']}
          </button>
          {error !== null && (
            <p className="AccountPanel-error" role="alert">
              {sayIn(text, error)}
            </p>
          )}
          <button type="button" className="AccountPanel-link" onClick={() => show('forgot')}>
            {text['account.forgot']}
          </button>
        </form>
      )}
      {view === 'signUp' && <SignUpForm onSent={done} />}
      {view === 'forgot' && <ForgotPasswordForm onDone={done} />}
      {view === 'reset' && link.current !== null && <NewPasswordForm token={link.current.token} onDone={done} />}
      {feedback}
      <p className="AccountPanel-switch">
        {view === 'signIn' ? (
          <>
            {text['account.newHere']}{' '}
            <button type="button" className="AccountPanel-link" onClick={() => show('signUp')}>
              {text['account.createAccount']}
            </button>
          </>
        ) : (
          <button type="button" className="AccountPanel-link" onClick={() => show('signIn')}>
            {text['account.backToSignIn']}
          </button>
        )}
      </p>
      <div className="AccountPanel-language AccountSection--settings">
        <label htmlFor="visitor-language">{text['account.language']}</label>
        <select id="visitor-language" value={visitorChoice} onChange={(e) => chooseVisitorLanguage(fieldValue(e))}>
          {languageOptions}
        </select>
      </div>
    </div>
  );
}
