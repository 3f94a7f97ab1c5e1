/**
 * A cart entry's additional-fields answers as the shopper reads them: each answered field's title
 * and value, in the form's order. The entry stores the answers as JSON keyed by field id.
 */
import type { FieldValue, FormField } from '../forms/validate';

export interface EntryAnswer {
  title: string;
  value: string;
}

export function parseAnswers(json: string | null): Record<string, FieldValue> {
  if (json === null) return {};
  try {
    const parsed = JSON.parse(json) as unknown;
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, FieldValue>)
      : {};
  } catch {
    return {};
  }
}

function valueText(value: FieldValue | undefined): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  if (Array.isArray(value))
    return value
      .map((part) => part.trim())
      .filter((part) => part !== '')
      .join(' ');
  return Object.entries(value)
    .map(([question, answer]) => `${question}: ${answer}`)
    .join(', ');
}

export function entryAnswers(json: string | null, fields: readonly FormField[]): EntryAnswer[] {
  const values = parseAnswers(json);
  return fields
    .filter((field) => field.type !== 'section' && field.type !== 'hidden')
    .map((field) => ({ title: field.title, value: valueText(values[field.id]) }))
    .filter((answer) => answer.value !== '');
}
