/** The console's sign-in: the team account's email and password (the same fields as the visitor sign-in). */
import { api } from '../api';
import { apiCall } from '../client/api';
import SignInFields, { useSignIn } from '../client/components/SignInFields';

export function SignIn({ siteTitle, onSignedIn }: { siteTitle: string; onSignedIn: () => Promise<void> }) {
  const { email, password, setEmail, setPassword, busy, error, submit } = useSignIn(
    (email, password) => apiCall('POST', api.merchantSignIn.path(), { email, password }),
    onSignedIn,
  );
  return (
    <main id="console-main" className="SignIn">
      <form
        className="Card SignIn-card"
        onSubmit={(event) => void submit(event)}
        noValidate
        aria-labelledby="sign-in-title"
      >
        <p className="SignIn-site">{siteTitle}</p>
        <h1 id="sign-in-title">Sign in to the console</h1>
        <SignInFields
          idPrefix="merchant"
          email={email}
          password={password}
          onEmail={setEmail}
          onPassword={setPassword}
        />
        <button type="submit" className="Button Button--primary Button--full" disabled={busy} aria-busy={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
        {error !== null && (
          <p className="FieldError" role="alert">
            {error}
          </p>
        )}
      </form>
    </main>
  );
}
