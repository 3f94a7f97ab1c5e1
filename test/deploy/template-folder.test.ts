/**
 * Reading a developer-platform template folder (scripts/site/template.ts), as
 * `npm run site -- import-template` and `npm start -- --template` do: the theme map by the
 * template's own paths, stylesheets compiled as one LESS source in template.conf order, and every
 * problem named by file, line and column before anything is sent. A hostile template (LESS that
 * reads files, URLs or runs a plugin, symbolic links to files elsewhere) sends nothing.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AdminTarget } from '../../scripts/site/admin-client';
import { importTemplate, main } from '../../scripts/site/cli';
import { readTemplateFolder, TemplateFolderError } from '../../scripts/site/template';

const CONF = {
  name: 'Tiny',
  layouts: { default: { name: 'Default', regions: ['header', 'site'] } },
  navigations: [{ title: 'Main', name: 'mainNav' }],
  stylesheets: ['vars.less', 'site.less', 'plain.css'],
};

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
  'styles/site.less':
    "@import 'sqs-grid-breaker';\n@import url('//fonts.example/css?family=x');\n.col { padding: @gutter / 2; }\n",
  'styles/plain.css': '.plain { color: red; }\n',
  'assets/logo.svg': '<svg/>',
  'scripts/site.js': 'void 0;',
  'README.md': 'notes',
  'package.json': '{}',
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

describe('reading a template folder', () => {
  it('maps the JSON-T files by their paths, compiles the stylesheets in order and lists the static files', async () => {
    const read = await readTemplateFolder(folder(TEMPLATE));
    expect(Object.keys(read.theme).sort()).toEqual([
      'blocks/nav.block',
      'collections/blog.conf',
      'collections/blog.list',
      'header.region',
      'pages/about.page',
      'site.region',
      'styles/compiled.css',
      'template.conf',
    ]);
    const css = read.theme['styles/compiled.css'] ?? '';
    // A variable from the first sheet is seen by the second; LESS 1.x arithmetic; the remote import kept, not fetched.
    expect(css).toContain('padding: 10px');
    expect(css).toMatch(/^@import url\('\/\/fonts\.example\/css\?family=x'\);/);
    expect(css).toContain('sqs-col-');
    expect(css.indexOf('.col')).toBeLessThan(css.indexOf('.plain'));
    expect(read.assets.map((asset) => asset.path)).toEqual(['assets/logo.svg', 'scripts/site.js']);
    expect(read.ignored).toEqual(['README.md', 'package.json']);
  });

  it("keeps a block's .block.conf beside its .block, which makes the block the template's own renderer of that type, and names one that is not JSON", async () => {
    const override = { 'blocks/search.block': '<div class="search">{@|json}</div>' };
    const read = await readTemplateFolder(
      folder({ ...TEMPLATE, ...override, 'blocks/search.block.conf': '{"type":"search"}' }),
    );
    expect(read.theme['blocks/search.block.conf']).toBe('{"type":"search"}');
    expect(read.ignored).not.toContain('blocks/search.block.conf');
    const problems = await problemsOf(folder({ ...TEMPLATE, ...override, 'blocks/search.block.conf': '{"type":' }));
    expect(problems.join('\n')).toContain('blocks/search.block.conf');
  });

  it('names a LESS error by its file, line and column; in development the stylesheet shows it instead', async () => {
    const dir = folder({ ...TEMPLATE, 'styles/site.less': '.a {\n  color: @missing;\n}\n' });
    expect(await problemsOf(dir)).toEqual([
      expect.stringMatching(/^styles\/site\.less:2:10: variable @missing is undefined: a tweak variable/),
    ]);
    const development = await readTemplateFolder(dir, { development: true });
    expect(development.styleProblems).toHaveLength(1);
    expect(development.theme['styles/compiled.css']).toContain(
      'Template import error\\A styles/site.less:2:10: variable @missing is undefined',
    );
  });

  it('refuses a template.conf that is missing, not JSON, or names regions that do not exist', async () => {
    const { 'template.conf': _conf, ...noConf } = TEMPLATE;
    expect(await problemsOf(folder(noConf))).toEqual([
      'template.conf: missing: every developer-platform template has one at its root',
    ]);
    expect(await problemsOf(folder({ ...TEMPLATE, 'template.conf': '{\n  "layouts": ,\n}' }))).toEqual([
      expect.stringMatching(/^template\.conf:2:14: invalid JSON: /),
    ]);
    const { 'header.region': _header, ...noHeader } = TEMPLATE;
    expect(await problemsOf(folder(noHeader))).toEqual([
      'template.conf: layouts.default uses the region header, but there is no header.region',
    ]);
    expect(await problemsOf(folder({ ...TEMPLATE, 'collections/blog.conf': '{ "title": }' }))).toEqual([
      expect.stringMatching(/^collections\/blog\.conf:1:12: invalid JSON: /),
    ]);
  });

  it('warns about a listed stylesheet that is not there and compiles the rest', async () => {
    const read = await readTemplateFolder(
      folder({
        ...TEMPLATE,
        'template.conf': JSON.stringify({ ...CONF, stylesheets: ['gone.less', ...CONF.stylesheets] }),
      }),
    );
    expect(read.warnings).toEqual([
      'template.conf lists the stylesheet gone.less, but there is no styles/gone.less: left out',
    ]);
    expect(read.theme['styles/compiled.css']).toContain('.plain');
  });

  it('adds {squarespace-footers} before </body> when no region writes it, as Squarespace loads its scripts anyway', async () => {
    const read = await readTemplateFolder(
      folder({ ...TEMPLATE, 'site.region': '<body>\n{squarespace.main-content}\n</body></html>' }),
    );
    expect(read.theme['site.region']).toBe('<body>\n{squarespace.main-content}\n{squarespace-footers}</body></html>');
    expect(read.warnings).toEqual([
      'site.region: no region writes {squarespace-footers}; added before </body>, where Squarespace loads its scripts',
    ]);
    const written = await readTemplateFolder(
      folder({ ...TEMPLATE, 'site.region': '<body>{squarespace-footers}</body>' }),
    );
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

/** A target that records every admin call and answers as the worker would, so nothing leaves the test. */
function recordingTarget(): { to: { target: AdminTarget; where: string }; calls: { path: string; body: string }[] } {
  const calls: { path: string; body: string }[] = [];
  const answer = (path: string) =>
    path.endsWith('/template-uploads')
      ? { uploadId: 'u1' }
      : path.endsWith('/template')
        ? { websiteId: 'w1', version: 2 }
        : {};
  const fetch = async (url: string, init: RequestInit) => {
    const path = new URL(url).pathname;
    calls.push({ path, body: String(init.body ?? '') });
    return Response.json(answer(path));
  };
  return { to: { target: { url: 'http://store.test', fetch }, where: 'the test store' }, calls };
}

describe('importing a hostile template folder', () => {
  const SECRET = 'SITE_ADMIN_TOKEN=stand-in-secret-d1';
  let server: Server;
  let url = '';
  const served: string[] = [];
  beforeAll(async () => {
    server = createServer((request, response) => {
      served.push(request.url ?? '');
      response.end(SECRET);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /**
   * A template folder inside an outer folder that holds a secret (`../.dev.vars` from the template,
   * `../../.dev.vars` from its styles/); `{outer}` and `{url}` in its files are those places.
   */
  function hostile(files: Record<string, string>, links: Record<string, string> = {}): { dir: string; outer: string } {
    const outer = folder({ '.dev.vars': `${SECRET}\n` });
    const dir = join(outer, 'tiny');
    for (const [path, text] of Object.entries({ ...TEMPLATE, ...files })) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text.replace('{outer}', outer).replace('{url}', url));
    }
    for (const [path, target] of Object.entries(links)) symlinkSync(target.replace('{outer}', outer), join(dir, path));
    return { dir, outer };
  }

  async function refusedImport(dir: string): Promise<{ problems: string[]; calls: number }> {
    const { to, calls } = recordingTarget();
    const error = await importTemplate(dir, {}, to).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(TemplateFolderError);
    const message = (error as TemplateFolderError).message;
    expect(message).not.toContain('stand-in-secret');
    return {
      problems: message
        .split('\n')
        .slice(1)
        .map((line) => line.trim()),
      calls: calls.length,
    };
  }

  const READ = "a template's LESS reads only its own files and the system LESS";
  const cases: { name: string; sheet: string; problem: string; files?: Record<string, string> }[] = [
    {
      name: 'data-uri of /proc/self/environ',
      sheet: ".a {\n  background: data-uri('/proc/self/environ');\n}\n",
      problem: `styles/site.less:2:15: Error evaluating function \`data-uri\`: "/proc/self/environ" is an absolute path: ${READ}, by paths relative to the stylesheet`,
    },
    {
      name: 'an inline import of ../../.dev.vars',
      sheet: '.a { color: red; }\n@import (inline) "../../.dev.vars";\n',
      problem: `styles/site.less:2:1: "../../.dev.vars" is outside the template folder: ${READ}`,
    },
    {
      name: 'data-uri of ../../.dev.vars',
      sheet: '.a {\n  b: data-uri("text/plain", "../../.dev.vars");\n}\n',
      problem: `styles/site.less:2:6: Error evaluating function \`data-uri\`: "../../.dev.vars" is outside the template folder: ${READ}`,
    },
    {
      name: 'an inline import of an absolute path',
      sheet: '\n\n@import (less) "{outer}/.dev.vars";\n',
      problem: `styles/site.less:3:1: "{outer}/.dev.vars" is an absolute path: ${READ}, by paths relative to the stylesheet`,
    },
    {
      name: "an inline import of a dot file in the template's own folder",
      sheet: '.a { color: red; }\n@import (inline) "../.env";\n',
      files: { '.env': SECRET },
      problem: `styles/site.less:2:1: "../.env" is not part of the template (dot files and node_modules are left out): ${READ}`,
    },
    {
      name: 'an import from node_modules',
      sheet: '@import "../node_modules/kit/secret";\n',
      files: { 'node_modules/kit/secret.less': `.a { b: "${SECRET}"; }` },
      problem: `styles/site.less:1:1: "../node_modules/kit/secret" is not part of the template (dot files and node_modules are left out): ${READ}`,
    },
    {
      // LESS's own file manager also looked in the working directory (here the project's) and in node_modules.
      name: 'an inline import of a file of the working directory',
      sheet: '@import (inline) "package.json";\n',
      problem:
        'styles/site.less:1:1: "package.json" was not found: an @import: a template\'s LESS imports its own files by paths relative to the stylesheet, then styles/',
    },
    {
      name: 'an inline import of an http URL',
      sheet: '.a { color: red; }\n@import (inline) "{url}/secret";\n',
      problem: `styles/site.less:2:1: "{url}/secret" is a URL: ${READ} (a stylesheet on another host stays a CSS @import)`,
    },
    {
      name: 'data-uri of an http URL',
      sheet: '.a { b: data-uri("{url}/secret.png"); }\n',
      problem: `styles/site.less:1:9: Error evaluating function \`data-uri\`: "{url}/secret.png" is a URL: ${READ} (a stylesheet on another host stays a CSS @import)`,
    },
    {
      name: 'image-size of an absolute path',
      sheet: '.a { width: image-width("/etc/hostname"); }\n',
      problem: `styles/site.less:1:13: Error evaluating function \`image-width\`: "/etc/hostname" is an absolute path: ${READ}, by paths relative to the stylesheet`,
    },
    {
      name: 'a @plugin of its own JavaScript',
      sheet: '@plugin "plugin";\n.a { b: c; }\n',
      problem: 'styles/site.less:1:1: @plugin "plugin" is refused: a template\'s LESS cannot run JavaScript',
    },
  ];
  for (const { name, sheet, problem, files } of cases) {
    it(`refuses ${name}, names the file and line, and sends nothing`, async () => {
      const { dir, outer } = hostile({
        ...files,
        'styles/site.less': sheet,
        'styles/plugin.js':
          "require('node:fs').writeFileSync(require('node:path').join(__dirname, '..', '..', 'ran'), 'x'); module.exports = { install() {} };",
      });
      const outcome = await refusedImport(dir);
      expect(outcome).toEqual({ problems: [problem.replace('{outer}', outer).replace('{url}', url)], calls: 0 });
      expect(served).toEqual([]);
      expect(existsSync(join(outer, 'ran'))).toBe(false);
    });
  }

  it('refuses symbolic links anywhere in the folder (a static file, a stylesheet, a folder, a dot file) and sends nothing', async () => {
    const { dir } = hostile(
      { 'styles/site.less': '@import "linked";\n.a { b: c; }\n' },
      {
        'assets/secret.txt': '{outer}/.dev.vars',
        'styles/linked.less': '{outer}/.dev.vars',
        'scripts/outer': '{outer}',
        '.env': '{outer}/.dev.vars',
      },
    );
    const outcome = await refusedImport(dir);
    const link = "is a symbolic link: a template's files must be its own, not links to files elsewhere";
    expect(outcome.calls).toBe(0);
    expect(outcome.problems).toEqual(
      expect.arrayContaining([
        `.env: ${link}`,
        `assets/secret.txt: ${link}`,
        `scripts/outer: ${link}`,
        `styles/linked.less: ${link}`,
      ]),
    );
  });

  it('prints the refusal naming the file and line, and exits 1', async () => {
    const { dir } = hostile({ 'styles/site.less': ".a {\n  background: data-uri('/proc/self/environ');\n}\n" });
    const printed: string[] = [];
    const write = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => printed.push(String(chunk)) > 0);
    try {
      // An address nothing answers on: the import must stop before it is needed.
      expect(await main(['import-template', dir, '--url', 'http://127.0.0.1:9'])).toBe(1);
    } finally {
      write.mockRestore();
    }
    expect(printed.join('')).toContain(
      `${dir} is not a template the store can use:\n  styles/site.less:2:15: Error evaluating function \`data-uri\`: "/proc/self/environ" is an absolute path`,
    );
  });

  it('still imports a template whose LESS reads its own files and the system LESS', async () => {
    const { dir } = hostile({
      'styles/site.less': [
        "@import 'sqs-grid-breaker';",
        "@import '../shared/mixins';",
        "@import url('//fonts.example/css?family=x');",
        ".logo { background: data-uri('../assets/dot.svg'); width: image-width('../assets/dot.svg'); }",
        '.col { padding: @gutter / 2; }',
        '',
      ].join('\n'),
      'shared/mixins.less': '.shared { margin: 0; }\n',
      'assets/dot.svg': '<svg xmlns="http://www.w3.org/2000/svg" width="3" height="1"/>',
    });
    const { to, calls } = recordingTarget();
    await importTemplate(dir, {}, to);
    const commit = calls.find((call) => call.path.endsWith('/template'));
    const theme = (JSON.parse(commit?.body ?? '{}') as { theme: Record<string, string> }).theme;
    const css = theme['styles/compiled.css'] ?? '';
    expect(css).toContain('sqs-col-');
    expect(css).toContain('.shared {');
    expect(css).toContain("@import url('//fonts.example/css?family=x');");
    expect(css).toContain('url("data:image/svg+xml,');
    expect(css).toContain('width: 3px');
    expect(css).toContain('padding: 10px');
    const uploaded = calls
      .filter((call) => call.path.endsWith('/files'))
      .map((call) => (JSON.parse(call.body) as { path: string }).path);
    expect(uploaded.sort()).toEqual(['assets/dot.svg', 'assets/logo.svg', 'scripts/site.js']);
  });
});
