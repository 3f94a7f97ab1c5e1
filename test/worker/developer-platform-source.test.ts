/** The developer-platform source rewrites and template declarations, alone (the rest: developer-platform.test.ts). */
import { describe, expect, it } from 'vitest';
import { compile } from '../../src/engine/index';
import { originalPosition, prepareSource, queriesIn } from '../../src/storefront/developer-platform/source';
import { regionsFor, templateDeclaration } from '../../src/storefront/developer-platform/template';

/** The first compile error of a file, at its place in the file as written. */
function firstError(file: string, source: string) {
  const prepared = prepareSource(file, source);
  const [error] = compile(prepared.text).errors;
  expect(error).toBeDefined();
  return originalPosition(prepared, error as NonNullable<typeof error>);
}

describe('developer-platform sources', () => {
  it('rewrites the JSP-like tags and shorthands into template tags', () => {
    const source = [
      '<squarespace:navigation navigationId="mainNav" template="site-navigation" />',
      '<squarespace:block-field id="footer" columns="6" />',
      '<squarespace:query collection="blog" limit="3" tag="news">{.repeated section items}{title}{.end}</squarespace:query>',
      '{.main-content}{.apply price.block}',
      '<squarespace:script src="site.js" combo="{.if authenticatedAccount}false{.or}true{.end}" />',
    ].join('\n');
    const { text } = prepareSource('site.region', source);
    expect(text).toContain('{squarespace.navigations.mainNav|apply site-navigation.block}');
    expect(text).toContain('<div class="sqs-layout sqs-grid-6 columns-6" data-type="block-field" id="footer"></div>');
    expect(text).toContain('{.section squarespace.queries.site_region_0}{.repeated section items}{title}{.end}{.end}');
    expect(text).toContain('{squarespace.main-content}{@|apply price.block}');
    expect(text).toMatch(/<script data-trust="[0-9a-f]{32}" src="\/assets\/scripts\/site.js" defer><\/script>/);
    expect(compile(text).errors).toEqual([]);
    expect(queriesIn(source)).toEqual([{ collection: 'blog', limit: 3, tag: 'news', category: null }]);
  });

  it("holds a static page's blocks only in block fields of pages/ files, and leaves a script outside the template folder out", () => {
    expect(prepareSource('pages/about.page', '<squarespace:block-field id="page" />').text).toContain(
      '{squarespace.page-blocks}',
    );
    expect(prepareSource('site.region', '<squarespace:block-field id="page" />').text).not.toContain(
      '{squarespace.page-blocks}',
    );
    expect(prepareSource('site.region', '<squarespace:script src="../secret.js" />').text).toBe('');
  });

  it('maps an error after rewritten tags back to the line and column the author wrote', () => {
    const line2 = '  <squarespace:navigation navigationId="mainNav" template="nav" /> <script>x</script> {.end}';
    expect(firstError('site.region', `<html>\n${line2}\n</html>`)).toMatchObject({
      type: 'assembler',
      line: 2,
      column: line2.indexOf('{.end}') + 1,
    });
    const lines = '<squarespace:query collection="blog">\n{.section item}\n</squarespace:query>\n  {foo|nope}';
    expect(firstError('blog.list', lines)).toMatchObject({ line: 4, column: 3 });
  });

  it('reads layouts, collection types and their layouts from the .conf files, with JSON errors at their line', () => {
    const files = {
      'template.conf':
        '{"name":"T","layouts":{"default":{"regions":["header","site"]},"wide":{"regions":["site"]}},"navigations":[{"name":"main"}]}',
      'collections/shop.conf': '{"acceptTypes":["commerce-product"],"layout":"wide"}',
      'collections/journal.conf': '{"acceptTypes":["text"]}',
      'pages/about.page.conf': '{\n  "layout": "wide",\n}',
    };
    const declaration = templateDeclaration(files);
    expect(declaration.collectionTypes).toEqual({ products: 'shop', blog: 'journal' });
    expect(declaration.navigations).toEqual(['main']);
    expect(regionsFor(declaration, 'collections/shop')).toEqual(['site']);
    expect(regionsFor(declaration, 'collections/journal')).toEqual(['header', 'site']);
    expect(regionsFor(declaration, null)).toEqual(['header', 'site']);
    expect(declaration.problems).toEqual([
      expect.objectContaining({ file: 'pages/about.page.conf', line: 3, column: 1 }),
    ]);
  });
});
