/** A single-line input: text, email, number, currency, website, password, twitter. */
import { fieldValue } from '../../field-value';
import { controlAttributes, LabelledControl, textOf, type FieldProps } from './field';

const INPUT_TYPES: Record<string, string> = {
  email: 'email',
  number: 'number',
  currency: 'number',
  website: 'url',
  password: 'password',
  twitter: 'text',
};

/** Browser autofill names, by field type and by the part of a multi-part field. */
export const AUTOCOMPLETE: Record<string, string> = {
  email: 'email',
  First: 'given-name',
  Last: 'family-name',
  Line1: 'address-line1',
  Line2: 'address-line2',
  City: 'address-level2',
  State: 'address-level1',
  Zip: 'postal-code',
};

export default function InputField(props: FieldProps) {
  const { field, id, value, onChange } = props;
  return (
    <LabelledControl {...props}>
      <input
        id={id}
        name={field.id}
        type={INPUT_TYPES[field.type] ?? 'text'}
        value={textOf(value)}
        autoComplete={AUTOCOMPLETE[field.type]}
        {...controlAttributes(props)}
        onChange={(e) => onChange(fieldValue(e))}
      />
    </LabelledControl>
  );
}
