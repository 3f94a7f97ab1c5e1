/**
 * URL slugs: keep ASCII letters, digits, '-' and whitespace; turn each whitespace run into one '-'
 * (characters dropped between two blanks do not split the run); lower-case the result.
 * Whitespace is JavaScript's `\s`, so non-breaking and other Unicode spaces count too.
 */

/** Runs of characters a slug drops (anything but ASCII letters, digits, whitespace and '-'). */
const DROPPED = /[^a-zA-Z0-9\s-]+/g;
const BLANKS = /\s+/g;

/** Slugs of recent texts: tags and categories repeat on every item and every render. */
const slugs = new Map<string, string>();
const MAX_KEPT = 2048;

export function slugify(text: string): string {
  let slug = slugs.get(text);
  if (slug === undefined) {
    slug = text.replace(DROPPED, '').replace(BLANKS, '-').toLowerCase();
    if (slugs.size >= MAX_KEPT) slugs.clear();
    slugs.set(text, slug);
  }
  return slug;
}
