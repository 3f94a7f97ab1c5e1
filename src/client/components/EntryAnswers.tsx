/** A cart entry's additional-fields answers (the pen's engraving and the like), under its title. */
import type { FormField } from '../../forms/validate';
import { entryAnswers } from '../entry-answers';

export default function EntryAnswers({
  json,
  fields,
  className,
}: {
  json: string | null;
  fields: readonly FormField[] | undefined;
  className: string;
}) {
  const answers = fields === undefined ? [] : entryAnswers(json, fields);
  if (answers.length === 0) return null;
  return (
    <dl className={className}>
      {answers.map((answer) => (
        <div key={answer.title}>
          <dt>{answer.title}</dt>
          <dd>{answer.value}</dd>
        </div>
      ))}
    </dl>
  );
}
