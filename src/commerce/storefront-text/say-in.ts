/**
 * A message the code holds in English (a field's error, the checkout's notice: the spec's exact strings, which
 * their modules read from `EN`) in `text`'s language; a message the catalogue does not have (the server's own) as it is.
 * Purchase islands only: it reads the whole English catalogue.
 */
import { EN, type StorefrontText, type TextKey } from './en';

let keyOfEnglish: Map<string, TextKey> | undefined;

export function sayIn(text: StorefrontText, message: string): string {
  keyOfEnglish ??= new Map((Object.entries(EN) as [TextKey, string][]).map(([key, english]) => [english, key]));
  const key = keyOfEnglish.get(message);
  return key === undefined ? message : text[key];
}
