/**
 * The checkout form's building blocks: a labelled text field with its own error next to it, and
 * the shipping address (the spec's address labels, the parts each country needs, browser autofill names).
 */
import { addressLabels, COUNTRIES, countryNameIn } from '../../commerce/address';
import type { CheckoutAddress } from '../checkout-api';
import { requiredAddressParts } from '../checkout-form';
import { fieldValue } from '../field-value';
import { sayIn } from '../../commerce/storefront-text/say-in';
import { useShopperLocale } from '../use-shopper-text';
import { usePurchaseText } from '../use-purchase-text';

export type CheckoutFieldName =
  | 'email'
  | keyof CheckoutAddress
  | 'shippingOptionId'
  | 'discountCode'
  | 'giftCardCode'
  | 'cardNumber';

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

export function TextField({
  name,
  label,
  value,
  error,
  onChange,
  required = false,
  type = 'text',
  autoComplete,
  inputMode,
  hint,
  maxLength = 200,
  className = '',
}: TextFieldProps) {
  const id = fieldId(name);
  const text = usePurchaseText();
  const described = [hint !== undefined ? `${id}-hint` : null, error !== undefined ? `${id}-error` : null]
    .filter((x) => x !== null)
    .join(' ');
  return (
    <div className={`CheckoutField ${className}`.trim()}>
      <label htmlFor={id}>
        {label}
        {!required && <span className="CheckoutField-optional"> {text['checkout.optional']}</span>}
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
          {sayIn(text, error)}
        </p>
      )}
    </div>
  );
}

/** The address parts in the form's order, with autofill names; half-width ones pair up on a row. */
const ADDRESS_PARTS: readonly {
  name: Exclude<keyof CheckoutAddress, 'countryCode'>;
  autoComplete: string;
  half?: true;
  type?: 'tel';
}[] = [
  { name: 'firstName', autoComplete: 'shipping given-name', half: true },
  { name: 'lastName', autoComplete: 'shipping family-name', half: true },
  { name: 'address1', autoComplete: 'shipping address-line1' },
  { name: 'address2', autoComplete: 'shipping address-line2' },
  { name: 'city', autoComplete: 'shipping address-level2', half: true },
  { name: 'region', autoComplete: 'shipping address-level1', half: true },
  { name: 'postalCode', autoComplete: 'shipping postal-code', half: true },
];

export const EMPTY_ADDRESS: CheckoutAddress = {
  firstName: '',
  lastName: '',
  address1: '',
  address2: '',
  city: '',
  region: '',
  postalCode: '',
  countryCode: 'US',
  phone: '',
};

export interface AddressFieldsProps {
  address: CheckoutAddress;
  errors: Readonly<Partial<Record<CheckoutFieldName, string>>>;
  onChange: (address: CheckoutAddress) => void;
}

export function AddressFields({ address, errors, onChange }: AddressFieldsProps) {
  const set = (name: keyof CheckoutAddress) => (value: string) => onChange({ ...address, [name]: value });
  const text = usePurchaseText();
  // No switch happened only on a page in the site's English.
  const locale = useShopperLocale('en');
  const countryId = fieldId('countryCode');
  const required = requiredAddressParts(address.countryCode);
  const labels = addressLabels(address.countryCode);
  return (
    <div className="CheckoutAddress">
      {ADDRESS_PARTS.map((part) => (
        <TextField
          key={part.name}
          name={part.name}
          label={sayIn(text, labels[part.name])}
          value={address[part.name]}
          error={errors[part.name]}
          onChange={set(part.name)}
          required={required.has(part.name)}
          autoComplete={part.autoComplete}
          className={part.half === true ? 'CheckoutField--half' : ''}
        />
      ))}
      <div className="CheckoutField CheckoutField--half">
        <label htmlFor={countryId}>{sayIn(text, labels.countryCode)}</label>
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
          {COUNTRIES.map(([code]) => (
            <option key={code} value={code}>
              {countryNameIn(code, locale)}
            </option>
          ))}
        </select>
        {errors.countryCode !== undefined && (
          <p id={`${countryId}-error`} className="CheckoutField-error">
            {sayIn(text, errors.countryCode)}
          </p>
        )}
      </div>
      <TextField
        name="phone"
        label={sayIn(text, labels.phone)}
        type="tel"
        value={address.phone}
        error={errors.phone}
        onChange={set('phone')}
        autoComplete="shipping tel"
        inputMode="tel"
      />
    </div>
  );
}
