/**
 * docs/architecture.md's "Rooms" table, written from the one table of rooms (rooms.ts): the text
 * `npm run docs:architecture` puts between the markers, and which test/architecture.test.ts
 * requires the doc to hold.
 */
import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { GROUND, KNOWN_EXCEPTIONS, ROOMS, type Room } from './rooms';

export const ROOT = resolve(import.meta.dirname, '../..');
export const DOC = join(ROOT, 'docs/architecture.md');
export const BEGIN =
  '<!-- rooms: written by `npm run docs:architecture` from test/architecture/rooms.ts; edit there -->';
export const END = '<!-- /rooms -->';

/** How the doc names a room: its folder, or its module. */
function roomPath(room: string): string {
  const folder = join(ROOT, 'src', room);
  return existsSync(folder) && statSync(folder).isDirectory() ? `src/${room}/` : `src/${room}.ts`;
}

function mayImport({ room, mayImport, only }: Room): string {
  const rooms = mayImport.filter((name) => !(GROUND as readonly string[]).includes(name) && name !== room);
  const parts = rooms.map((name) => {
    const some = only?.[name];
    if (some === undefined) return `\`${name}\``;
    const files = some.map((file) => `\`${file.replace(`src/${name}/`, '')}\``).join(', ');
    return `\`${name}\` (only ${files})`;
  });
  if (GROUND.every((name) => mayImport.includes(name))) parts.push('ground');
  return parts.length === 0 ? 'nothing of ours' : parts.join(', ');
}

/** The markdown between the markers. */
export function roomsMarkdown(): string {
  const rows = ROOMS.map((room) => `| \`${roomPath(room.room)}\` | ${room.job} | ${mayImport(room)} |`);
  const exceptions = KNOWN_EXCEPTIONS.map(({ arrow, reason }) => `- \`${arrow.replace(' -> ', '` → `')}\`: ${reason}.`);
  return [
    '| room | job | may import (ours) |',
    '| --- | --- | --- |',
    ...rows,
    '',
    'Arrows the table refuses but the test allows, each with its reason:',
    '',
    ...exceptions,
  ].join('\n');
}

/** The doc with its rooms section replaced by `markdown`; throws when the markers are missing. */
export function withRooms(doc: string, markdown: string): string {
  const begin = doc.indexOf(BEGIN);
  const end = doc.indexOf(END);
  if (begin < 0 || end < begin) throw new Error(`docs/architecture.md has no ${BEGIN} … ${END} section`);
  return `${doc.slice(0, begin + BEGIN.length)}\n${markdown}\n${doc.slice(end)}`;
}
