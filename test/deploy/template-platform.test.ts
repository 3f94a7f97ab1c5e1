/**
 * A template folder read as Squarespace's platform read it (issue 35; scripts/site/template.ts and
 * less-platform.ts): the system LESS libraries templates import, tweak variables from the tweaks
 * with their defaults, the LESS 1.x syntax the platform accepted, every stylesheet's error named
 * with its platform feature, `url()`s absolute for an inlined stylesheet, and the import rules the
 * platform had (no layout named default, a missing region in another layout, spaces in names); a
 * first import that fails under `npm start -- --template` shows its banner.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readTemplateFolder, TemplateFolderError } from '../../scripts/site/template';
import { watchTemplate } from '../../scripts/site/template-dev';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function folder(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'template-platform-'));
  folders.push(dir);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

const conf = (extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    name: 'Platform',
    layouts: { default: { name: 'Default', regions: ['site'] } },
    navigations: [],
    stylesheets: ['site.less'],
    ...extra,
  });
const SITE = {
  'site.region':
    '<html><head>{squarespace-headers}</head><body>{squarespace.main-content}{squarespace-footers}</body></html>',
};

async function problemsOf(dir: string): Promise<string[]> {
  const error = await readTemplateFolder(dir).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TemplateFolderError);
  return (error as TemplateFolderError).message
    .split('\n')
    .slice(1)
    .map((line) => line.trim());
}

describe("the platform's LESS", () => {
  it('provides the system libraries templates import', async () => {
    const sheet = [
      "@import 'social-icon-font';",
      '@import "sqs-ui-font.less";',
      "@import 'svg-icon-templates';",
      '.social a:before { .social-icon-font(); }',
      '.arrow { .sqs-ui-font(); }',
      '.icon { .svg-icon(24px); }',
    ].join('\n');
    const read = await readTemplateFolder(folder({ 'template.conf': conf(), ...SITE, 'styles/site.less': sheet }));
    const css = read.theme['styles/compiled.css'] ?? '';
    expect(css).toMatch(/\.social a:before \{\s*font-family: 'squarespace-social-icons', sans-serif;/);
    expect(css).toMatch(/\.icon \{\s*display: inline-block;\s*width: 24px;/);
  });

  it('defines tweak variables from template.conf tweaks and // tweak: comments, font tweaks expanded, with their defaults', async () => {
    const tweaks = [
      {
        title: 'tweak-site-title-font',
        type: 'font',
        default: { 'font-family': 'Georgia, serif', 'font-size': '28px', 'letter-spacing': '2px' },
      },
      { name: 'accent-color', type: 'color', default: '#ff6600' },
    ];
    const sheet = [
      '// tweak: { "type": "font", "title": "tweak-nav-font", "label": "Nav" }',
      '.tweak-nav-font { font-family: "Helvetica Neue", sans-serif; font-weight: 700; text-transform: uppercase; }',
      '.title { font-family: @site-title-font-family; font-size: @site-title-font-size; letter-spacing: @site-title-font-letter-spacing;',
      '  line-height: @site-title-font-line-height; color: @accent-color; }',
      '.nav { font-weight: @nav-font-font-weight; text-transform: @nav-font-text-transform; }',
    ].join('\n');
    const read = await readTemplateFolder(
      folder({ 'template.conf': conf({ tweaks }), ...SITE, 'styles/site.less': sheet }),
    );
    const css = read.theme['styles/compiled.css'] ?? '';
    expect(css).toMatch(
      /\.title \{\s*font-family: Georgia, serif;\s*font-size: 28px;\s*letter-spacing: 2px;\s*line-height: normal;\s*color: #ff6600;/,
    );
    expect(css).toMatch(/\.nav \{\s*font-weight: 700;\s*text-transform: uppercase;/);
  });

  it('compiles the LESS 1.x selector interpolation (~"…") and variables inside :nth-child()', async () => {
    const sheet = [
      '@name: hero;',
      '@n: 3;',
      '.block-(~"@{name}") {',
      '  color: red;',
      '}',
      'li:nth-child(@n) { color: blue; }',
    ].join('\n');
    const read = await readTemplateFolder(folder({ 'template.conf': conf(), ...SITE, 'styles/site.less': sheet }));
    const css = read.theme['styles/compiled.css'] ?? '';
    expect(css).toContain('.block-hero {');
    expect(css).toContain('li:nth-child(3) {');
  });

  it("reads a no-break space in a line's indentation as a space (Baldface's built screen.css has them)", async () => {
    const sheet = ['.price {', '  color: red;', '\u00a0 \u00a0 font-size: 14pt;', '}'].join('\n');
    const read = await readTemplateFolder(folder({ 'template.conf': conf(), ...SITE, 'styles/site.less': sheet }));
    expect(read.theme['styles/compiled.css']).toMatch(/\.price \{\s*color: red;\s*font-size: 14pt;\s*\}/);
  });

  it("reports every stylesheet's error, each naming the platform feature it concerns", async () => {
    const dir = folder({
      'template.conf': conf({ stylesheets: ['a.less', 'b.less', 'c.less'] }),
      ...SITE,
      'styles/a.less': '.a { color: @site-title-font-colour; }\n',
      'styles/b.less': '.b { color: red; }\n',
      'styles/c.less': "@import 'sqs-missing-library';\n",
    });
    const problems = await problemsOf(dir);
    expect(problems).toEqual([
      expect.stringMatching(/^styles\/a\.less:1:13: variable @site-title-font-colour is undefined: a tweak variable/),
      expect.stringMatching(
        /^styles\/c\.less:1:1: .*sqs-missing-library.*: a Squarespace system LESS library: the importer provides sqs-grid-breaker, social-icon-font, sqs-ui-font, svg-icon-templates$/,
      ),
    ]);
  });

  it('makes relative url()s absolute, spaces URL-encoded, since the stylesheet is inlined in pages at any depth', async () => {
    const read = await readTemplateFolder(
      folder({
        'template.conf': conf({ stylesheets: ['site.less'] }),
        ...SITE,
        'styles/site.less':
          "@import 'parts/hero.less';\n.a { background: url('../assets/My Logo.png'); }\n.b { background: url(/assets/x.png); }\n",
        'styles/parts/hero.less': '.hero { background: url(../../assets/hero.jpg); }\n',
        'assets/My Logo.png': 'png',
        'assets/hero.jpg': 'jpg',
      }),
    );
    const css = read.theme['styles/compiled.css'] ?? '';
    expect(css).toContain("url('/assets/My%20Logo.png')");
    expect(css).toContain('url(/assets/hero.jpg)');
    expect(css).toContain('url(/assets/x.png)');
    expect(read.assets.map((asset) => asset.path).sort()).toEqual(['assets/My Logo.png', 'assets/hero.jpg']);
  });
});

describe('import rules as lenient as the platform', () => {
  it('takes the first layout as the default when none is named default, and only warns about a region another layout lacks', async () => {
    const layouts = { main: { name: 'Main', regions: ['site'] }, wide: { name: 'Wide', regions: ['header', 'site'] } };
    const read = await readTemplateFolder(folder({ 'template.conf': conf({ layouts, stylesheets: [] }), ...SITE }));
    expect(read.warnings).toEqual([
      'template.conf has no layout named "default": main, the first, is the default',
      'template.conf: layouts.wide uses the region header, but there is no header.region; pages in that layout render in the default layout',
    ]);
  });

  it('leaves out a static file whose name the store cannot serve, with a warning, and imports the rest', async () => {
    const read = await readTemplateFolder(
      folder({
        'template.conf': conf({ stylesheets: [] }),
        ...SITE,
        'assets/svgs/<.svg': '<svg/>',
        'assets/ok.svg': '<svg/>',
      }),
    );
    expect(read.assets.map((asset) => asset.path)).toEqual(['assets/ok.svg']);
    expect(read.warnings).toContain(
      'assets/svgs/<.svg: has a name the store cannot serve (letters, digits, spaces and . _ - @ + only): left out',
    );
  });

  it('still refuses a default layout whose region is missing', async () => {
    const layouts = { main: { name: 'Main', regions: ['missing'] } };
    expect(await problemsOf(folder({ 'template.conf': conf({ layouts, stylesheets: [] }), ...SITE }))).toContain(
      'template.conf: layouts.main uses the region missing, but there is no missing.region',
    );
  });
});

describe('npm start -- --template DIR', () => {
  it('shows the banner when the very first import fails, instead of silently keeping the previous theme', async () => {
    const dir = folder({ 'template.conf': '{ "name": "Broken", ', ...SITE });
    const themes: Record<string, string>[] = [];
    const answer = (body: unknown) =>
      Promise.resolve(new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } }));
    const fetch = (url: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body ?? '{}')) as { theme?: Record<string, string> };
      if (url.endsWith('/template-uploads')) return answer({ uploadId: 'u1' });
      if (body.theme !== undefined) themes.push(body.theme);
      return answer({ websiteId: 'w', version: 1 });
    };
    const lines: string[] = [];
    const stop = new AbortController();
    const watching = watchTemplate(dir, { url: 'http://store.test', fetch }, (line) => lines.push(line), stop.signal);
    await expect.poll(() => themes.length, { timeout: 10_000 }).toBe(1);
    stop.abort();
    await watching;
    expect(lines.some((line) => line.startsWith('template error: template.conf:'))).toBe(true);
    expect(themes[0]?.['styles/compiled.css']).toMatch(
      /^body::before\{content:"Template import error\\A template\.conf:/,
    );
    expect(themes[0]?.['site.region']).toContain('{squarespace.main-content}');
  });
});
