/** The email and password fields of a sign-in form (visitor account and merchant console). */
import { fieldValue } from '../field-value';

export interface SignInFieldsProps {
  idPrefix: string;
  email: string;
  password: string;
  onEmail: (email: string) => void;
  onPassword: (password: string) => void;
}

export default function SignInFields({ idPrefix, email, password, onEmail, onPassword }: SignInFieldsProps) {
  return (
    <>
      <div className="FormField">
        <label htmlFor={`${idPrefix}-email`}>Email</label>
        <input id={`${idPrefix}-email`} type="email" autoComplete="username" value={email} onChange={(e) => onEmail(fieldValue(e))} />
      </div>
      <div className="FormField">
        <label htmlFor={`${idPrefix}-password`}>Password</label>
        <input id={`${idPrefix}-password`} type="password" autoComplete="current-password" value={password} onChange={(e) => onPassword(fieldValue(e))} />
      </div>
    </>
  );
}
