/**
 * Reading a developer-platform template folder (scripts/site/template.ts), as
 * `npm run site -- import-template` and `npm start -- --template` do: the theme map by the
 * template's own paths, stylesheets compiled as one LESS source in template.conf order, and every
 * problem named by file, line and column before anything is sent.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readTemplateFolder, TemplateFolderError } from '../../scripts/site/template';

const CONF = { name: 'Tiny', layouts: { default: { name: 'Default', regions: ['header', 'site'] } }, navigations: [{ title: 'Main', name: 'mainNav' }], stylesheets: ['vars.less', 'site.less', 'plain.css'] };

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function folder(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'template-'));
  folders.push(dir);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

const TEMPLATE = {
  'template.conf': JSON.stringify(CONF, null, 2),
  'header.region': '<header>{website.siteTitle}</header>',
  'site.region': '{squarespace.main-content}',
  'collections/blog.conf': '{ "title": "Blog", "ordering": "chronological" }',
  'collections/blog.list': '{.repeated section items}{title}{.end}',
  'blocks/nav.block': '{.repeated section items}{title}{.end}',
  'pages/about.page': '<h1>About</h1>',
  'styles/vars.less': '@gutter: 20px;\n',
  'styles/site.less': "@import 'sqs-grid-breaker';\n@import url('//fonts.example/css?family=x');\n.col { padding: @gutter / 2; }\n",
  'styles/plain.css': '.plain { color: red; }\n',
  'assets/logo.svg': '<svg/>',
  'scripts/site.js': 'void 0;',
  'README.md': 'notes',
  'package.json': '{}',
};

async function problemsOf(dir: string): Promise<string[]> {
  const error = await readTemplateFolder(dir).then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(TemplateFolderError);
  return (error as TemplateFolderError).message.split('\n').slice(1).map((line) => line.trim());
}

describe('reading a template folder', () => {
  it('maps the JSON-T files by their paths, compiles the stylesheets in order and lists the static files', async () => {
    const read = await readTemplateFolder(folder(TEMPLATE));
    expect(Object.keys(read.theme).sort()).toEqual(['blocks/nav.block', 'collections/blog.conf', 'collections/blog.list', 'header.region', 'pages/about.page', 'site.region', 'styles/compiled.css', 'template.conf']);
    const css = read.theme['styles/compiled.css'] ?? '';
    // A variable from the first sheet is seen by the second; LESS 1.x arithmetic; the remote import kept, not fetched.
    expect(css).toContain('padding: 10px');
    expect(css).toMatch(/^@import url\('\/\/fonts\.example\/css\?family=x'\);/);
    expect(css).toContain('sqs-col-');
    expect(css.indexOf('.col')).toBeLessThan(css.indexOf('.plain'));
    expect(read.assets.map((asset) => asset.path)).toEqual(['assets/logo.svg', 'scripts/site.js']);
    expect(read.ignored).toEqual(['README.md', 'package.json']);
  });

  it('names a LESS error by its file, line and column; in development the stylesheet shows it instead', async () => {
    const dir = folder({ ...TEMPLATE, 'styles/site.less': '.a {\n  color: @missing;\n}\n' });
    expect(await problemsOf(dir)).toEqual(['styles/site.less:2:10: variable @missing is undefined']);
    const development = await readTemplateFolder(dir, { development: true });
    expect(development.styleProblems).toHaveLength(1);
    expect(development.theme['styles/compiled.css']).toContain('Template import error\\A styles/site.less:2:10: variable @missing is undefined');
  });

  it('refuses a template.conf that is missing, not JSON, or names regions that do not exist', async () => {
    const { 'template.conf': _conf, ...noConf } = TEMPLATE;
    expect(await problemsOf(folder(noConf))).toEqual(['template.conf: missing: every developer-platform template has one at its root']);
    expect(await problemsOf(folder({ ...TEMPLATE, 'template.conf': '{\n  "layouts": ,\n}' }))).toEqual([expect.stringMatching(/^template\.conf:2:14: invalid JSON: /)]);
    const { 'header.region': _header, ...noHeader } = TEMPLATE;
    expect(await problemsOf(folder(noHeader))).toEqual(['template.conf: layouts.default uses the region header, but there is no header.region']);
    expect(await problemsOf(folder({ ...TEMPLATE, 'collections/blog.conf': '{ "title": }' }))).toEqual([expect.stringMatching(/^collections\/blog\.conf:1:12: invalid JSON: /)]);
  });

  it('warns about a listed stylesheet that is not there and compiles the rest', async () => {
    const read = await readTemplateFolder(folder({ ...TEMPLATE, 'template.conf': JSON.stringify({ ...CONF, stylesheets: ['gone.less', ...CONF.stylesheets] }) }));
    expect(read.warnings).toEqual(['template.conf lists the stylesheet gone.less, but there is no styles/gone.less: left out']);
    expect(read.theme['styles/compiled.css']).toContain('.plain');
  });

  it('adds {squarespace-footers} before </body> when no region writes it, as Squarespace loads its scripts anyway', async () => {
    const read = await readTemplateFolder(folder({ ...TEMPLATE, 'site.region': '<body>\n{squarespace.main-content}\n</body></html>' }));
    expect(read.theme['site.region']).toBe('<body>\n{squarespace.main-content}\n{squarespace-footers}</body></html>');
    expect(read.warnings).toEqual(['site.region: no region writes {squarespace-footers}; added before </body>, where Squarespace loads its scripts']);
    const written = await readTemplateFolder(folder({ ...TEMPLATE, 'site.region': '<body>{squarespace-footers}</body>' }));
    expect(written.theme['site.region']).toBe('<body>{squarespace-footers}</body>');
  });

  it('reads the three vendored third-party templates', async () => {
    for (const name of ['foundry', 'redbadger-blog', 'project-boilerplate']) {
      const read = await readTemplateFolder(`templates/third-party/${name}`);
      expect(read.theme['template.conf']).toBeDefined();
      expect(read.theme['styles/compiled.css']?.length).toBeGreaterThan(100);
    }
  });
});
