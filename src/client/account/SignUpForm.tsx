/** Creating an account: email and a new password, checked as the server checks them, then "check your email". */
import { useState, type FormEvent } from 'react';
import { storefrontRoutes as api } from '../../api/storefront';
import { ACCOUNT_MESSAGES } from '../../accounts/messages';
import { REGISTRATION_ACCOUNT } from '../../beacon/pixel-events';
import { passwordProblem } from '../../accounts/password-rules';
import { FORM_MESSAGES, isValidEmail } from '../../forms/validate';
import { responseFailure } from '../api';
import { reportPixel } from '../collectors/pixel';
import { fieldValue } from '../field-value';
import { accountCall, fieldErrors } from './account-api';
import PasswordField from './PasswordField';
import { sayIn } from '../../commerce/storefront-text/say-in';
import { pageLanguage } from '../visitor-language';
import { usePurchaseText } from '../use-purchase-text';

export default function SignUpForm({ onSent }: { onSent: (message: string) => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const text = usePurchaseText();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!isValidEmail(email.trim())) found.email = FORM_MESSAGES.email;
    const weak = passwordProblem(password, email);
    if (weak !== null) found.password = weak;
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    const res = await accountCall(api.signUp.at(), {
      email: email.trim(),
      password,
      locale: pageLanguage() || undefined,
    }).catch(() => null);
    setBusy(false);
    if (res === null) return setFailure(ACCOUNT_MESSAGES.failed);
    if (!res.ok) {
      const fields = await fieldErrors(res);
      setErrors(fields);
      if (Object.keys(fields).length === 0) setFailure(await responseFailure(res, ACCOUNT_MESSAGES.failed));
      return;
    }
    reportPixel('CompleteRegistration', { content_name: REGISTRATION_ACCOUNT });
    onSent((await res.json()).message);
  };

  return (
    <form
      className="AccountPanel-form"
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-labelledby="signup-title"
    >
      <h2 id="signup-title">{text['account.createTitle']}</h2>
      <div className="FormField">
        <label htmlFor="signup-email">{text['account.email']}</label>
        <input
          id="signup-email"
          type="email"
          autoComplete="email"
          value={email}
          aria-invalid={errors.email !== undefined}
          aria-describedby={errors.email === undefined ? undefined : 'signup-email-error'}
          onChange={(e) => setEmail(fieldValue(e))}
        />
        {errors.email !== undefined && (
          <p id="signup-email-error" className="FormField-error">
            {sayIn(text, errors.email)}
          </p>
        )}
      </div>
      <PasswordField
        id="signup-password"
        label={text['account.password']}
        hint={text['account.passwordHint']}
        value={password}
        error={errors.password === undefined ? undefined : sayIn(text, errors.password)}
        onChange={setPassword}
      />
      <button type="submit" disabled={busy}>
        {busy ? text['account.creating'] : text['account.createTitle']}
      </button>
      {failure !== null && (
        <p className="AccountPanel-error" role="alert">
          {sayIn(text, failure)}
        </p>
      )}
    </form>
  );
}
