/** A textarea with its live 'count / max' counter when the field has a maximum length. */
import { fieldValue } from '../../field-value';
import { controlAttributes, errorIdOf, LabelledControl, textOf, type FieldProps } from './field';

export default function TextareaField(props: FieldProps) {
  const { field, id, value, error, onChange } = props;
  const max = field.maxLength ?? 0;
  const describedBy =
    [error !== undefined ? errorIdOf(id) : '', max > 0 ? `${id}-count` : ''].join(' ').trim() || undefined;
  return (
    <LabelledControl {...props}>
      <textarea
        id={id}
        name={field.id}
        value={textOf(value)}
        {...controlAttributes(props)}
        aria-describedby={describedBy}
        onChange={(e) => onChange(fieldValue(e))}
      />
    </LabelledControl>
  );
}
