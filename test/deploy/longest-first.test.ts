/**
 * The test files' order (test/longest-first.ts): each project's files the longest first by the committed list, so a
 * long file is not taken last while the group's other worker idles; vitest's order of groups and projects kept.
 */
import { expect, it } from 'vitest';
import { longestFirst } from '../longest-first';

const key = (file: string) => file;

it("takes each project's files the longest first, the projects in vitest's order", () => {
  const vitestOrder = [
    'engine:a',
    'engine:b',
    'engine:c',
    'worker:big-and-short',
    'worker:small-and-long',
    'e2e:x',
    'e2e:y',
  ];
  const durations = {
    'engine:a': 1,
    'engine:b': 9,
    'engine:c': 5,
    'worker:big-and-short': 2,
    'worker:small-and-long': 250,
    'e2e:x': 10,
    'e2e:y': 30,
  };
  expect(longestFirst(vitestOrder, key, durations)).toEqual([
    'engine:b',
    'engine:c',
    'engine:a',
    'worker:small-and-long',
    'worker:big-and-short',
    'e2e:y',
    'e2e:x',
  ]);
});

it('takes the files the list does not know first, in the order vitest gave them', () => {
  const vitestOrder = ['worker:known', 'worker:new-1', 'worker:longer', 'worker:new-2'];
  expect(longestFirst(vitestOrder, key, { 'worker:known': 3, 'worker:longer': 40 })).toEqual([
    'worker:new-1',
    'worker:new-2',
    'worker:longer',
    'worker:known',
  ]);
});
