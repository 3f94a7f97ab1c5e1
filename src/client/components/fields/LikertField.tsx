/** A likert scale: one answer from 'Strongly Disagree' to 'Strongly Agree' for each statement. */
import { fieldValue } from '../../field-value';
import { FieldGroup, type FieldProps } from './field';

const LIKERT_ANSWERS = ['Strongly Disagree', 'Disagree', 'Neutral', 'Agree', 'Strongly Agree'];

export default function LikertField(props: FieldProps) {
  const { field, id, onChange } = props;
  const answers = props.value as Record<string, string> | undefined;
  return (
    <FieldGroup {...props} className="FormField">
      {(field.options ?? []).map((statement, i) => (
        <div className="FormField-likert" key={statement}>
          <label htmlFor={`${id}-${i}`}>{statement}</label>
          <select
            id={`${id}-${i}`}
            value={answers?.[statement] ?? ''}
            onChange={(e) => onChange({ ...(answers ?? {}), [statement]: fieldValue(e) })}
          >
            <option value="">Select</option>
            {LIKERT_ANSWERS.map((answer) => (
              <option key={answer}>{answer}</option>
            ))}
          </select>
        </div>
      ))}
    </FieldGroup>
  );
}
