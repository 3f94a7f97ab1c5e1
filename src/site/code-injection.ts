/**
 * Code injection: the parts of a site that are stored and served exactly as written, scripts
 * included (header and footer HTML, post-submit HTML of forms, theme files). They are trusted
 * because of who wrote them, so only roles with the `codeInjection` permission (src/site/roles.ts)
 * may change them. The check compares the site before and after an edit, field by field, so it
 * holds for every edit, whichever call made it. Everything else merchants write as HTML is rich
 * text and is sanitized instead (src/site/rich-text.ts).
 */
import type { ShellInput, SiteInput } from './schema';

type Form = { id: string; postSubmitHtml?: string | undefined };

function addForm(fields: Map<string, string>, prefix: string, form: Form | undefined): void {
  if (form?.postSubmitHtml) fields.set(`${prefix}.postSubmitHtml`, form.postSubmitHtml);
}

/**
 * Each code-injection value of the site by a path that names it by id (so reordering changes
 * nothing); an empty value counts as absent, as it renders nothing.
 */
export function codeInjectionFields(site: ShellInput & { items?: SiteInput['items'] }): Map<string, string> {
  const fields = new Map<string, string>();
  if (site.header?.html) fields.set('header.html', site.header.html);
  if (site.footer?.html) fields.set('footer.html', site.footer.html);
  for (const form of site.forms ?? []) addForm(fields, `forms.${form.id}`, form);
  for (const item of site.items ?? []) addForm(fields, `items.${item.id}.additionalFieldsForm`, item.structuredContent?.additionalFieldsForm);
  for (const [path, source] of Object.entries(site.theme)) fields.set(`theme.${path}`, source);
  return fields;
}

/** The code-injection fields an edit adds, removes or changes ([] when it leaves them all as they were). */
export function changedCodeInjection(before: ShellInput & { items?: SiteInput['items'] }, after: ShellInput & { items?: SiteInput['items'] }): string[] {
  if (before === after) return [];
  const old = codeInjectionFields(before);
  const now = codeInjectionFields(after);
  const changed = [...now].filter(([path, value]) => old.get(path) !== value).map(([path]) => path);
  const removed = [...old.keys()].filter((path) => !now.has(path));
  return [...changed, ...removed];
}
