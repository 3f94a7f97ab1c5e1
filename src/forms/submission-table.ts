/**
 * A form's submissions as a table of text: one column per answerable field in the form's order,
 * each answer as one line of text. Password fields are never a column (their answers are not even
 * stored, src/routes/shop/forms.ts); section headings and hidden fields carry no answer a person typed.
 * The console's table, the CSV export and the merchant's notification email all read this.
 */
import type { FieldValue, FormField, FormValues } from './validate';

export interface SubmissionColumn {
  id: string;
  title: string;
  type: FormField['type'];
}

/** Fields whose list value is one answer in parts (first and last name, a phone number's parts). */
const PARTS = new Set<FormField['type']>(['name', 'phone', 'address']);

const NOT_ANSWERED = new Set<FormField['type']>(['password', 'section']);

export function submissionColumns(fields: readonly FormField[]): SubmissionColumn[] {
  return fields
    .filter((field) => !NOT_ANSWERED.has(field.type))
    .map((field) => ({ id: field.id, title: field.title || field.id, type: field.type }));
}

/**
 * An answer as text: a name's, phone's or address's parts joined with ' ', a list of choices with
 * ', ', a likert's rows as 'row: answer'.
 */
export function answerText(value: FieldValue | undefined, type: FormField['type'] = 'text'): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return value;
  const parts = Array.isArray(value)
    ? value
    : PARTS.has(type)
      ? Object.values(value)
      : Object.entries(value).map(([row, answer]) => `${row}: ${answer}`);
  return parts.filter((part) => typeof part === 'string' && part.trim() !== '').join(PARTS.has(type) ? ' ' : ', ');
}

/** The stored JSON of a submission's values, read leniently: anything unreadable is no answer. */
export function storedValues(json: string): FormValues {
  try {
    const parsed = JSON.parse(json) as unknown;
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as FormValues) : {};
  } catch {
    return {};
  }
}

export function submissionCells(columns: readonly SubmissionColumn[], values: FormValues): string[] {
  return columns.map((column) => answerText(values[column.id], column.type));
}
