/**
 * Forgetting a password: asking for a reset link by email (the answer is the same whether or not
 * the email has an account), and choosing the new password from the link's page.
 */
import { useState, type FormEvent } from 'react';
import { storefrontRoutes as api } from '../../api/storefront';
import { ACCOUNT_MESSAGES } from '../../accounts/messages';
import { passwordProblem } from '../../accounts/password-rules';
import { FORM_MESSAGES, isValidEmail } from '../../forms/validate';
import { responseFailure } from '../api';
import { fieldValue } from '../field-value';
import { accountCall, fieldErrors } from './account-api';
import PasswordField from './PasswordField';
import { sayIn } from '../../commerce/storefront-text/say-in';
import { pageLanguage } from '../visitor-language';
import { usePurchaseText } from '../use-purchase-text';

interface Outcome {
  /** What happened, for the page's status line. */
  onDone: (message: string, email?: string) => void;
}

export function ForgotPasswordForm({ onDone }: Outcome) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const text = usePurchaseText();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!isValidEmail(email.trim())) return setError(FORM_MESSAGES.email);
    setError(null);
    setBusy(true);
    const res = await accountCall(api.passwordResetRequest.at(), {
      email: email.trim(),
      locale: pageLanguage() || undefined,
    }).catch(() => null);
    setBusy(false);
    if (res?.ok !== true)
      return setError(res === null ? ACCOUNT_MESSAGES.failed : await responseFailure(res, ACCOUNT_MESSAGES.failed));
    onDone((await res.json()).message);
  };

  return (
    <form
      className="AccountPanel-form"
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-labelledby="forgot-title"
    >
      <h2 id="forgot-title">{text['account.resetTitle']}</h2>
      <p>{text['account.resetIntro']}</p>
      <div className="FormField">
        <label htmlFor="forgot-email">{text['account.email']}</label>
        <input
          id="forgot-email"
          type="email"
          autoComplete="email"
          value={email}
          aria-invalid={error !== null}
          aria-describedby={error === null ? undefined : 'forgot-email-error'}
          onChange={(e) => setEmail(fieldValue(e))}
        />
        {error !== null && (
          <p id="forgot-email-error" className="FormField-error" role="alert">
            {sayIn(text, error)}
          </p>
        )}
      </div>
      <button type="submit" disabled={busy}>
        {busy ? text['account.sending'] : text['account.sendResetLink']}
      </button>
    </form>
  );
}

export function NewPasswordForm({ token, onDone }: Outcome & { token: string }) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const text = usePurchaseText();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const weak = passwordProblem(password, '');
    setError(weak ?? undefined);
    setFailure(null);
    if (weak !== null) return;
    setBusy(true);
    const res = await accountCall(api.passwordReset.at(), { token, password }).catch(() => null);
    setBusy(false);
    if (res?.ok !== true) {
      if (res === null) return setFailure(ACCOUNT_MESSAGES.failed);
      const fields = await fieldErrors(res);
      if (fields.password !== undefined) return setError(fields.password);
      return setFailure(await responseFailure(res, ACCOUNT_MESSAGES.failed));
    }
    const done = await res.json();
    onDone(done.message, done.email);
  };

  return (
    <form
      className="AccountPanel-form"
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-labelledby="new-password-title"
    >
      <h2 id="new-password-title">{text['account.newPasswordTitle']}</h2>
      <PasswordField
        id="new-password"
        label={text['account.newPassword']}
        hint={text['account.passwordHint']}
        value={password}
        error={error === undefined ? undefined : sayIn(text, error)}
        onChange={setPassword}
      />
      <button type="submit" disabled={busy}>
        {busy ? text['account.saving'] : text['account.saveNewPassword']}
      </button>
      {failure !== null && (
        <p className="AccountPanel-error" role="alert">
          {sayIn(text, failure)}
        </p>
      )}
    </form>
  );
}
