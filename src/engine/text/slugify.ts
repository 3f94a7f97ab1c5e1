/**
 * URL slugs: keep ASCII letters, digits, '-' and whitespace; turn each whitespace run into one '-'
 * (characters dropped between two blanks do not split the run); lower-case the result.
 * Whitespace is JavaScript's `\s`, so non-breaking and other Unicode spaces count too.
 */
import { memoizeText } from '../../values/memo';

/** Runs of characters a slug drops (anything but ASCII letters, digits, whitespace and '-'). */
const DROPPED = /[^a-zA-Z0-9\s-]+/g;
const BLANKS = /\s+/g;

/** The slug (remembered per text: tags and categories recur on every item and every render). */
export const slugify = memoizeText((text) => text.replace(DROPPED, '').replace(BLANKS, '-').toLowerCase(), 2048);
