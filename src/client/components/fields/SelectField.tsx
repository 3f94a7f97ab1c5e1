/** A drop-down of the field's options, empty ('Select') until one is chosen. */
import { fieldValue } from '../../field-value';
import { controlAttributes, LabelledControl, textOf, type FieldProps } from './field';

export default function SelectField(props: FieldProps) {
  const { field, id, value, onChange } = props;
  return (
    <LabelledControl {...props}>
      <select
        id={id}
        name={field.id}
        value={textOf(value)}
        {...controlAttributes(props)}
        onChange={(e) => onChange(fieldValue(e))}
      >
        <option value="">Select</option>
        {(field.options ?? []).map((option) => (
          <option key={option}>{option}</option>
        ))}
      </select>
    </LabelledControl>
  );
}
