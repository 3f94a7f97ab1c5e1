/**
 * `npm run docs:architecture`: writes docs/architecture.md's "Rooms" table from test/architecture/rooms.ts.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { DOC, roomsMarkdown, withRooms } from './doc';

const before = readFileSync(DOC, 'utf8');
const after = withRooms(before, roomsMarkdown());
if (after !== before) writeFileSync(DOC, after);
console.log(
  after === before
    ? 'docs/architecture.md: rooms table already up to date'
    : 'docs/architecture.md: rooms table written',
);
