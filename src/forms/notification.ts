/** The email a merchant gets for a new form submission: every answer but passwords, and where it was sent from. */
import { submissionCells, submissionColumns } from './submission-table';
import type { FormField, FormValues } from './validate';

/** The notification's text for one submission (the form's object adds the recipient). */
export interface NotificationText {
  subject: string;
  text: string;
}

export function submissionNotice(
  siteTitle: string,
  form: { name: string; fields: readonly FormField[] },
  values: FormValues,
  pagePath: string | null,
): NotificationText {
  const columns = submissionColumns(form.fields);
  const cells = submissionCells(columns, values);
  const answers = columns.map((column, i) => `${column.title}: ${cells[i] || '(no answer)'}`).join('\n');
  const where = pagePath === null ? '' : `\nSent from ${pagePath}\n`;
  return {
    subject: `New submission: ${form.name} · ${siteTitle}`,
    text: `${form.name} has a new submission.\n\n${answers}\n${where}`,
  };
}
