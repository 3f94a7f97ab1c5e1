/**
 * The checkout form's building blocks: a labelled text field with its own error next to it, and
 * the shipping address (the spec's address parts and labels, with browser autofill names).
 */
import type { CheckoutAddress } from '../checkout-api';
import { fieldValue } from '../field-value';

export type CheckoutFieldName = 'email' | keyof CheckoutAddress | 'shippingOptionId' | 'discountCode' | 'giftCardCode' | 'cardNumber';

/** Every field's element id, so a message can send focus to it. */
export const fieldId = (name: CheckoutFieldName) => `checkout-${name}`;

export interface TextFieldProps {
  name: CheckoutFieldName;
  label: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  required?: boolean;
  type?: 'text' | 'email' | 'tel';
  autoComplete?: string;
  inputMode?: 'numeric' | 'email' | 'tel';
  hint?: string;
  maxLength?: number;
  className?: string;
}

export function TextField({ name, label, value, error, onChange, required = false, type = 'text', autoComplete, inputMode, hint, maxLength = 200, className = '' }: TextFieldProps) {
  const id = fieldId(name);
  const described = [hint !== undefined ? `${id}-hint` : null, error !== undefined ? `${id}-error` : null].filter((x) => x !== null).join(' ');
  return (
    <div className={`CheckoutField ${className}`.trim()}>
      <label htmlFor={id}>
        {label}
        {!required && <span className="CheckoutField-optional"> (optional)</span>}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        value={value}
        required={required}
        autoComplete={autoComplete}
        inputMode={inputMode}
        maxLength={maxLength}
        aria-invalid={error !== undefined}
        aria-describedby={described === '' ? undefined : described}
        onChange={(event) => onChange(fieldValue(event))}
      />
      {hint !== undefined && (
        <p id={`${id}-hint`} className="CheckoutField-hint">
          {hint}
        </p>
      )}
      {error !== undefined && (
        <p id={`${id}-error`} className="CheckoutField-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** The countries a shopper picks from, by ISO code (the codes shipping and tax rates name). */
export const COUNTRIES: readonly (readonly [code: string, name: string])[] = [
  ['US', 'United States'], ['CA', 'Canada'], ['GB', 'United Kingdom'], ['IE', 'Ireland'], ['AU', 'Australia'], ['NZ', 'New Zealand'],
  ['FR', 'France'], ['DE', 'Germany'], ['NL', 'Netherlands'], ['BE', 'Belgium'], ['ES', 'Spain'], ['IT', 'Italy'], ['PT', 'Portugal'],
  ['AT', 'Austria'], ['CH', 'Switzerland'], ['DK', 'Denmark'], ['SE', 'Sweden'], ['NO', 'Norway'], ['FI', 'Finland'], ['PL', 'Poland'],
  ['CZ', 'Czechia'], ['JP', 'Japan'], ['SG', 'Singapore'], ['HK', 'Hong Kong'], ['MX', 'Mexico'], ['BR', 'Brazil'], ['ZA', 'South Africa'],
];

/** The address parts with the spec's labels; the first ones are required. */
const ADDRESS_PARTS: readonly { name: keyof CheckoutAddress; label: string; autoComplete: string; required: boolean; className?: string; type?: 'tel' }[] = [
  { name: 'firstName', label: 'First Name', autoComplete: 'shipping given-name', required: true, className: 'CheckoutField--half' },
  { name: 'lastName', label: 'Last Name', autoComplete: 'shipping family-name', required: true, className: 'CheckoutField--half' },
  { name: 'address1', label: 'Address', autoComplete: 'shipping address-line1', required: true },
  { name: 'address2', label: 'Address Line 2', autoComplete: 'shipping address-line2', required: false },
  { name: 'city', label: 'City', autoComplete: 'shipping address-level2', required: true, className: 'CheckoutField--half' },
  { name: 'region', label: 'State', autoComplete: 'shipping address-level1', required: false, className: 'CheckoutField--half' },
  { name: 'postalCode', label: 'Zip', autoComplete: 'shipping postal-code', required: true, className: 'CheckoutField--half' },
];

export const REQUIRED_ADDRESS_PARTS: readonly (keyof CheckoutAddress)[] = [...ADDRESS_PARTS.filter((p) => p.required).map((p) => p.name), 'countryCode'];

export const EMPTY_ADDRESS: CheckoutAddress = { firstName: '', lastName: '', address1: '', address2: '', city: '', region: '', postalCode: '', countryCode: 'US', phone: '' };

export interface AddressFieldsProps {
  address: CheckoutAddress;
  errors: Readonly<Partial<Record<CheckoutFieldName, string>>>;
  onChange: (address: CheckoutAddress) => void;
}

export function AddressFields({ address, errors, onChange }: AddressFieldsProps) {
  const set = (name: keyof CheckoutAddress) => (value: string) => onChange({ ...address, [name]: value });
  const countryId = fieldId('countryCode');
  return (
    <div className="CheckoutAddress">
      {ADDRESS_PARTS.map((part) => (
        <TextField key={part.name} name={part.name} label={part.label} value={address[part.name]} error={errors[part.name]} onChange={set(part.name)} required={part.required} autoComplete={part.autoComplete} className={part.className} />
      ))}
      <div className="CheckoutField CheckoutField--half">
        <label htmlFor={countryId}>Country</label>
        <select
          id={countryId}
          name="countryCode"
          autoComplete="shipping country"
          required
          value={address.countryCode}
          aria-invalid={errors.countryCode !== undefined}
          aria-describedby={errors.countryCode !== undefined ? `${countryId}-error` : undefined}
          onChange={(event) => set('countryCode')(fieldValue(event))}
        >
          {COUNTRIES.map(([code, name]) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </select>
        {errors.countryCode !== undefined && (
          <p id={`${countryId}-error`} className="CheckoutField-error">
            {errors.countryCode}
          </p>
        )}
      </div>
      <TextField name="phone" label="Phone" type="tel" value={address.phone} error={errors.phone} onChange={set('phone')} autoComplete="shipping tel" inputMode="tel" />
    </div>
  );
}
