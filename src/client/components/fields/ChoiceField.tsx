/** Radio buttons (one option) or checkboxes (any number of options). */
import { FieldGroup, listOf, textOf, type FieldProps } from './field';

export default function ChoiceField(props: FieldProps) {
  const { field, value, onChange } = props;
  const text = textOf(value);
  const list = listOf(value);
  const radio = field.type === 'radio';
  const toggle = (option: string) => (list.includes(option) ? list.filter((v) => v !== option) : [...list, option]);
  return (
    <FieldGroup {...props} className="FormField">
      {(field.options ?? []).map((option) => (
        <label key={option} className="FormField-choice">
          <input
            type={field.type}
            name={field.id}
            value={option}
            checked={radio ? text === option : list.includes(option)}
            onChange={() => onChange(radio ? option : toggle(option))}
          />{' '}
          {option}
        </label>
      ))}
    </FieldGroup>
  );
}
