/** A textarea with its live 'count / max' counter when the field has a maximum length. */
import { fieldValue } from '../../field-value';
import { controlAttributes, Counter, errorIdOf, Problem, RequiredMark, textOf, type FieldProps } from './field';

export default function TextareaField(props: FieldProps) {
  const { field, id, value, error, onChange } = props;
  const text = textOf(value);
  const max = field.maxLength ?? 0;
  const describedBy = [error !== undefined ? errorIdOf(id) : '', max > 0 ? `${id}-count` : ''].join(' ').trim() || undefined;
  return (
    <div className="FormField">
      <label htmlFor={id}>
        {field.title}
        <RequiredMark field={field} />
      </label>
      <textarea id={id} name={field.id} value={text} {...controlAttributes(props)} aria-describedby={describedBy} onChange={(e) => onChange(fieldValue(e))} />
      <Counter id={`${id}-count`} length={text.length} max={max} />
      <Problem id={errorIdOf(id)} message={error} />
    </div>
  );
}
