/** A field typed in parts (name, address, date, time, phone): one labelled input per part. */
import { fieldValue } from '../../field-value';
import { FieldGroup, listOf, type FieldProps } from './field';
import { AUTOCOMPLETE } from './InputField';

const PART_LABELS: Record<string, string> = {
  First: 'First Name', Last: 'Last Name', Line1: 'Address 1', Line2: 'Address 2', City: 'City', State: 'State', Zip: 'ZIP Code',
  Country: 'Country', Month: 'Month', Day: 'Day', Year: 'Year', Hour: 'Hour', Minute: 'Minute', Second: 'Second', Ampm: 'AM/PM',
  Areacode: 'Area code', Prefix: 'Prefix', Line: 'Line',
};

export default function PartsField(props: FieldProps & { parts: readonly string[] }) {
  const { field, error, parts, onChange } = props;
  const list = listOf(props.value);
  const current = parts.map((_, i) => list[i] ?? '');
  return (
    <FieldGroup {...props} className={`FormField FormField--${field.type}`}>
      <div className="FormField-parts">
        {parts.map((part, i) => (
          <label key={part} className="FormField-part">
            <span>{PART_LABELS[part] ?? part}</span>
            <input
              name={`${field.id}-${part}`}
              value={current[i]}
              autoComplete={AUTOCOMPLETE[part]}
              inputMode={field.type === 'phone' || field.type === 'date' ? 'numeric' : undefined}
              aria-invalid={error !== undefined}
              onChange={(e) => onChange(current.map((v, k) => (k === i ? fieldValue(e) : v)))}
            />
          </label>
        ))}
      </div>
    </FieldGroup>
  );
}
