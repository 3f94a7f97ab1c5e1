/**
 * Code injection: the parts of a site that are stored and served exactly as written, scripts
 * included (header and footer HTML, post-submit HTML of forms, theme files). They are trusted
 * because of who wrote them, so only roles with the `codeInjection` permission (src/site/roles.ts)
 * may change them; the code blocks (`<pre>`) of items' and pages' rich text are kept to the same
 * roles, and so are pages' code blocks (src/site/editor/page-blocks.ts), served as written. The
 * check compares the site before and after an edit, field by field, so it holds for every edit,
 * whichever call made it (the SiteContent object runs it on every save). Everything else merchants
 * write as HTML is rich text and is sanitized instead (src/site/model/rich-text.ts).
 */
import { allows, ROLE_MESSAGES } from '../roles';
import type { ShellInput, SiteInput } from './schema';

export const CODE_INJECTION_MESSAGES = {
  codeBlocks:
    'Your role does not allow code blocks: only an administrator or a website manager may add or change them.',
} as const;

/** Where a field's path ends when the field is the code blocks of rich text. */
const CODE_BLOCKS = '.codeBlocks';

/** The `<pre>` blocks of (stored, so sanitized) rich text, in order; '' when it has none. */
export function codeBlocks(html: string | undefined): string {
  return (html ?? '').match(/<pre[\s>][\s\S]*?<\/pre>/gi)?.join('\n') ?? '';
}

function addCodeBlocks(fields: Map<string, string>, path: string, html: string | undefined): void {
  const blocks = codeBlocks(html);
  if (blocks !== '') fields.set(`${path}${CODE_BLOCKS}`, blocks);
}

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
  addCodeBlocks(fields, 'footer.text', site.footer?.text);
  for (const form of site.forms ?? []) addForm(fields, `forms.${form.id}`, form);
  for (const collection of site.collections) {
    addCodeBlocks(fields, `collections.${collection.id}.body`, collection.body);
    // A page's code block is a code block of its own: the same roles, the same message.
    for (const block of collection.blocks ?? [])
      if (block.type === 'code' && block.code !== '')
        fields.set(`collections.${collection.id}.blocks.${block.id}${CODE_BLOCKS}`, block.code);
  }
  for (const item of site.items ?? []) {
    addForm(fields, `items.${item.id}.additionalFieldsForm`, item.structuredContent?.additionalFieldsForm);
    addCodeBlocks(fields, `items.${item.id}.body`, item.body);
    addCodeBlocks(fields, `items.${item.id}.excerpt`, item.excerpt);
  }
  for (const [path, source] of Object.entries(site.theme)) fields.set(`theme.${path}`, source);
  return fields;
}

/** The code-injection fields an edit adds, removes or changes ([] when it leaves them all as they were). */
export function changedCodeInjection(
  before: ShellInput & { items?: SiteInput['items'] },
  after: ShellInput & { items?: SiteInput['items'] },
): string[] {
  if (before === after) return [];
  const old = codeInjectionFields(before);
  const now = codeInjectionFields(after);
  const changed = [...now].filter(([path, value]) => old.get(path) !== value).map(([path]) => path);
  const removed = [...old.keys()].filter((path) => !now.has(path));
  return [...changed, ...removed];
}

/**
 * Why `roles` may not make an edit from `before` to `after` (both as stored: rich text sanitized),
 * or null: the code-block message when only code blocks change, the code-injection one otherwise.
 */
export function codeInjectionRefusal(
  before: ShellInput & { items?: SiteInput['items'] },
  after: ShellInput & { items?: SiteInput['items'] },
  roles: readonly number[],
): string | null {
  const changed = changedCodeInjection(before, after);
  if (changed.length === 0 || allows(roles, 'codeInjection')) return null;
  return changed.every((path) => path.endsWith(CODE_BLOCKS))
    ? CODE_INJECTION_MESSAGES.codeBlocks
    : ROLE_MESSAGES.codeInjection;
}
