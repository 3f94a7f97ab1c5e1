/** Joining the team from an invitation link (/config/invitation/{token}): choose a password, then sign in with it. */
import { useState, type FormEvent } from 'react';
import { MIN_TEAM_PASSWORD, TEAM_INVITE_MESSAGES } from '../accounts/messages';
import { CONSOLE_ROOT, navigate } from './router';
import { api } from '../api';
import { consoleApi, errorMessage } from './ui/api';
import { Field } from './ui/Field';

export function AcceptInvitation({
  token,
  siteTitle,
  onSignedIn,
}: {
  token: string;
  siteTitle: string;
  onSignedIn: () => Promise<void>;
}) {
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if ([...password].length < MIN_TEAM_PASSWORD) return setProblem(TEAM_INVITE_MESSAGES.password);
    setBusy(true);
    setProblem(undefined);
    try {
      const { email } = await consoleApi(api.acceptInvitation.at(), {
        token,
        password,
      });
      await consoleApi(api.merchantSignIn.at(), { email, password });
      navigate(CONSOLE_ROOT);
      await onSignedIn();
    } catch (error) {
      setProblem(errorMessage(error));
      setBusy(false);
    }
  };
  return (
    <main id="console-main" className="SignIn">
      <form
        className="Card SignIn-card"
        onSubmit={(event) => void submit(event)}
        aria-labelledby="join-title"
        noValidate
      >
        <p className="SignIn-site">{siteTitle}</p>
        <h1 id="join-title">Join the team</h1>
        <Field
          id="join-password"
          label="Choose a password"
          description={`At least ${MIN_TEAM_PASSWORD} characters.`}
          error={problem}
          announce
        >
          {(control) => (
            <input
              {...control}
              type="password"
              autoComplete="new-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          )}
        </Field>
        <button type="submit" className="Button Button--primary Button--full" disabled={busy} aria-busy={busy}>
          {busy ? 'Joining…' : 'Join and sign in'}
        </button>
      </form>
    </main>
  );
}
