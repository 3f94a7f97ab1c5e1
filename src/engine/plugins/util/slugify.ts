/**
 * URL slugs: keep ASCII letters, digits, '-' and whitespace; turn each whitespace run into one '-'
 * (characters dropped between two blanks do not split the run); lower-case the result.
 * Whitespace is JavaScript's `\s`, so non-breaking and other Unicode spaces count too.
 */

/** Runs of characters a slug drops (anything but ASCII letters, digits, whitespace and '-'). */
const DROPPED = /[^a-zA-Z0-9\s-]+/g;
const BLANKS = /\s+/g;

export function slugify(text: string): string {
  return text.replace(DROPPED, '').replace(BLANKS, '-').toLowerCase();
}
