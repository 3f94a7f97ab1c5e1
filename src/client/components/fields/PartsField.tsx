/**
 * A field typed in parts (name, address, date, time, phone): one labelled input per part; a time's
 * AM/PM part is a choice of the two, and its hour, minute and second take two digits.
 */
import { fieldValue } from '../../field-value';
import { FieldGroup, listOf, type FieldProps } from './field';
import { AUTOCOMPLETE } from './InputField';

const PART_LABELS: Record<string, string> = {
  First: 'First Name',
  Last: 'Last Name',
  Line1: 'Address 1',
  Line2: 'Address 2',
  City: 'City',
  State: 'State',
  Zip: 'ZIP Code',
  Country: 'Country',
  Month: 'Month',
  Day: 'Day',
  Year: 'Year',
  Hour: 'Hour',
  Minute: 'Minute',
  Second: 'Second',
  Ampm: 'AM/PM',
  Areacode: 'Area code',
  Prefix: 'Prefix',
  Line: 'Line',
};

const TIME_PLACEHOLDERS: Record<string, string> = { Hour: 'hh', Minute: 'mm', Second: 'ss' };

export default function PartsField(props: FieldProps & { parts: readonly string[] }) {
  const { field, error, parts, onChange } = props;
  const list = listOf(props.value);
  const current = parts.map((_, i) => list[i] ?? '');
  return (
    <FieldGroup {...props} className={`FormField FormField--${field.type}`}>
      <div className="FormField-parts">
        {parts.map((part, i) => {
          const change = (next: string) => onChange(current.map((v, k) => (k === i ? next : v)));
          return (
            <label key={part} className={`FormField-part FormField-part--${part.toLowerCase()}`}>
              <span>{field.type === 'phone' && part === 'Country' ? 'Country code' : (PART_LABELS[part] ?? part)}</span>
              {part === 'Ampm' ? (
                <select
                  name={`${field.id}-${part}`}
                  value={current[i]}
                  aria-invalid={error !== undefined}
                  onChange={(e) => change(fieldValue(e))}
                >
                  <option value="">--</option>
                  <option>AM</option>
                  <option>PM</option>
                </select>
              ) : (
                <input
                  name={`${field.id}-${part}`}
                  value={current[i]}
                  autoComplete={AUTOCOMPLETE[part]}
                  inputMode={
                    field.type === 'phone' || field.type === 'date' || field.type === 'time' ? 'numeric' : undefined
                  }
                  maxLength={field.type === 'time' ? 2 : undefined}
                  placeholder={TIME_PLACEHOLDERS[part]}
                  aria-invalid={error !== undefined}
                  onChange={(e) => change(fieldValue(e))}
                />
              )}
            </label>
          );
        })}
      </div>
    </FieldGroup>
  );
}
