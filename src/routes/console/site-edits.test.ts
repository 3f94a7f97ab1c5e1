/** Every route applies a content edit through src/routes/console/site-edits.ts, which refreshes the version this isolate trusts. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

describe('content edits', () => {
  it('are applied only by site-edits.ts: no route calls the content object’s edit itself', () => {
    const dir = 'src/routes';
    const callers = readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .filter((file) =>
        /\.edit\(\s*(websiteId|site\.website\.id|c\.var\.site\.website\.id)/.test(
          readFileSync(join(dir, file), 'utf8'),
        ),
      );
    expect(callers.map((file) => file.replace(/\\/g, '/').split('/').pop())).toEqual(['site-edits.ts']);
  });
});
