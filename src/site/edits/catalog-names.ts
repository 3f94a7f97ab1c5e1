/**
 * The tag and category manager's changes to a collection (engine spec §2: edit, merge, remove,
 * new). A collection declares its names in the shell (`tags`, and `categories` as the spec's
 * category objects) and its items carry them by name; a change gives the new collection and how
 * each item's list of names changes (src/durable/site-content.ts writes both in one step).
 */
import { refused, type Result } from '../../result';
import type { EditRefusal } from './edits';
import { randomHex } from '../../ids';
import type { Collection } from '../model/schema';
import { cleanName, nameProblem, replaceNames, TAG_MESSAGES, type TagType } from '../editor/tag-manager';

export type NamesChange =
  | { kind: 'add'; name: string }
  | { kind: 'rename'; from: string[]; to: string }
  | { kind: 'merge'; from: string[]; into: string }
  | { kind: 'remove'; names: string[] };

type CategoryEntry = {
  id: string;
  displayName: string;
  parentCategoryId: string | null;
  type: 'ROOT';
  pageRendering: 'LIST_VIEW';
  displayIndex: number;
};

/** The names a collection declares (items may use more). */
export function declaredNames(collection: Collection, tagType: TagType): string[] {
  if (tagType === 'tag') return ((collection as { tags?: string[] }).tags ?? []).slice();
  return ((collection as { categories?: CategoryEntry[] }).categories ?? []).map((category) => category.displayName);
}

/** A names change worked out: the collection with its declared names changed, and for its items every name in `from` becoming `to`. */
export interface NamesChanged {
  collection: Collection;
  from: string[];
  to: string | null;
}

export type NamesOutcome = Result<NamesChanged, EditRefusal>;

function withDeclared(collection: Collection, tagType: TagType, names: string[]): Collection {
  if (tagType === 'tag') return { ...collection, tags: names };
  const before = (collection as { categories?: CategoryEntry[] }).categories ?? [];
  const categories = names.map((name, i) => {
    const found = before.find((category) => category.displayName === name);
    return (
      found ?? {
        id: `cat-${randomHex(6)}`,
        displayName: name,
        parentCategoryId: null,
        type: 'ROOT' as const,
        pageRendering: 'LIST_VIEW' as const,
        displayIndex: i + 1,
      }
    );
  });
  return { ...collection, categories };
}

/**
 * Applies `change` to `collection`, whose items use `used` names: the collection with its declared
 * names changed, and for the items: every name in `from` becomes `to` (null: is removed).
 */
export function changeNames(
  collection: Collection,
  tagType: TagType,
  used: readonly string[],
  change: NamesChange,
): NamesOutcome {
  const declared = declaredNames(collection, tagType);
  const all = [...new Set([...declared, ...used])];
  const missing = (names: readonly string[]) => names.find((name) => !all.includes(name));
  switch (change.kind) {
    case 'add': {
      const problem = nameProblem(tagType, change.name, all);
      if (problem !== null) return refused('invalid', problem);
      return {
        ok: true,
        value: {
          collection: withDeclared(collection, tagType, [...declared, cleanName(change.name)]),
          from: [],
          to: null,
        },
      };
    }
    case 'rename': {
      if (change.from.length !== 1) return refused('invalid', TAG_MESSAGES.editOne(tagType));
      const [from] = change.from as [string];
      if (missing(change.from) !== undefined) return refused('not-found', TAG_MESSAGES.unknown(tagType, from));
      const problem = nameProblem(tagType, change.to, all, from);
      if (problem !== null) return refused('invalid', problem);
      const to = cleanName(change.to);
      const names = declared.includes(from) ? declared.map((name) => (name === from ? to : name)) : [...declared, to];
      return { ok: true, value: { collection: withDeclared(collection, tagType, names), from: [from], to } };
    }
    case 'merge': {
      if (change.from.length < 2) return refused('invalid', TAG_MESSAGES.mergeTwo(tagType));
      const unknown = missing([...change.from, change.into]);
      if (unknown !== undefined) return refused('not-found', TAG_MESSAGES.unknown(tagType, unknown));
      const from = change.from.filter((name) => name !== change.into);
      const names = replaceNames(
        declared.includes(change.into) ? declared : [...declared, change.into],
        from,
        change.into,
      );
      return { ok: true, value: { collection: withDeclared(collection, tagType, names), from, to: change.into } };
    }
    case 'remove': {
      const unknown = missing(change.names);
      if (unknown !== undefined) return refused('not-found', TAG_MESSAGES.unknown(tagType, unknown));
      return {
        ok: true,
        value: {
          collection: withDeclared(collection, tagType, replaceNames(declared, change.names, null)),
          from: change.names,
          to: null,
        },
      };
    }
  }
}
