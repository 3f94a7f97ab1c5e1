/**
 * The tag and category manager (engine spec §2, §5, §9): names and the spec's messages over the one
 * name limit of src/site/model/limits.ts,
 * shared by the console (instant feedback) and the worker (the word that counts).
 */
import { NAME_LIMITS, nameTooLong, nameTooLongMessage, type NameKind } from '../model/limits';

export { NAME_LIMITS };
export type TagType = NameKind;

export const TAG_MESSAGES = {
  exists: (tagType: TagType) => `This ${tagType} already exists`,
  editOne: (tagType: TagType) => `You may only edit one ${tagType} at a time`,
  required: (tagType: TagType) => `Enter a ${tagType} name`,
  tooLong: nameTooLongMessage,
  unknown: (tagType: TagType, name: string) => `There is no ${tagType} named ${name}`,
  mergeTwo: (tagType: TagType) => `Select at least two of them to merge into one ${tagType}`,
} as const;

/** A name as it is stored: trimmed, inner runs of white space as one space. */
export function cleanName(name: string): string {
  return name.trim().replace(/\s+/g, ' ');
}

/** What is wrong with `name` as a new name beside `existing` (ignoring `renaming`, the name it replaces), or null. */
export function nameProblem(
  tagType: TagType,
  name: string,
  existing: readonly string[],
  renaming: string | null = null,
): string | null {
  const clean = cleanName(name);
  if (clean === '') return TAG_MESSAGES.required(tagType);
  if (nameTooLong(tagType, clean)) return TAG_MESSAGES.tooLong(tagType);
  const lower = clean.toLocaleLowerCase('en');
  if (existing.some((other) => other !== renaming && other.toLocaleLowerCase('en') === lower))
    return TAG_MESSAGES.exists(tagType);
  return null;
}

/** `names` with every one of `from` replaced by `to` (once, in the place of the first), or removed when `to` is null. */
export function replaceNames(names: readonly string[], from: readonly string[], to: string | null): string[] {
  const out: string[] = [];
  for (const name of names) {
    const next = from.includes(name) ? to : name;
    if (next !== null && !out.includes(next)) out.push(next);
  }
  return out;
}
