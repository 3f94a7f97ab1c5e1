/** Hand-built HTML (the editor, error pages) names the icon in public/ (served as a static asset), so no browser asks for a missing /favicon.ico. */
import { describe, expect, it } from 'vitest';
import { Visitor } from './visitor';

describe('hand-built pages', () => {
  it('link the favicon the store serves, like the theme pages', async () => {
    const visitor = new Visitor('http://localhost');
    for (const path of ['/config', '/?format=nope']) {
      const html = await (await visitor.fetch(path)).text();
      expect(html, path).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml">');
    }
  }, 60_000);
});
