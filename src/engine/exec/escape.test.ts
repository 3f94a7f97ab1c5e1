import { describe, expect, it } from 'vitest';
import { render, TrustedHtml, type EscapeMode, type FormatterTable } from '../index';

const MODE: EscapeMode = { rawFormatters: new Set(['html', 'json', 'apply', 'safe']) };
const SANITIZED: EscapeMode = { ...MODE, safeHtml: (text) => (text === '<p>ok</p>' ? text : null) };
const out = (
  template: string,
  data: unknown,
  escape?: EscapeMode,
  partials?: Record<string, string>,
  formatters?: FormatterTable,
) => render(template, data, { escape, partials, formatters }).html;

const TITLE = '<iframe srcdoc="<script src=/x.js></script>">';

describe('the escaping mode', () => {
  it('escapes what a variable prints, with or without formatters, unless the last formatter is raw', () => {
    expect(out('<h1>{title}</h1>', { title: TITLE }, MODE)).toBe(
      '<h1>&#60;iframe srcdoc=&#34;&#60;script src=/x.js&#62;&#60;/script&#62;&#34;&#62;</h1>',
    );
    expect(out('<a title=\'{t}\' href="{t|truncate 50}">', { t: `x' onclick="y` }, MODE)).toBe(
      '<a title=\'x&#39; onclick=&#34;y\' href="x&#39; onclick=&#34;y">',
    );
    expect(out('{t|html}', { t: '<b>&' }, MODE)).toBe('&lt;b&gt;&amp;');
    expect(out('{t|html|truncate 99}', { t: '<b>' }, MODE)).toBe('&#38;lt;b&#38;gt;');
    // A raw formatter earlier in the chain does not bless a later one that prints something else.
    expect(out('{t|html|output <i>}', { t: 'x' }, MODE)).toBe('&#60;i&#62;');
    // Nor does a raw formatter that hands the text back unchanged.
    expect(
      out('{t|passes}', { t: '<i>' }, { rawFormatters: new Set(['passes']) }, undefined, { passes: (value) => value }),
    ).toBe('&#60;i&#62;');
  });

  it('keeps a JSON data block working: raw json, with </script written <\\/script', () => {
    const items = [{ title: '</script><script>alert(1)</script>' }];
    expect(out('<script type="application/json">{items|json}</script>', { items }, MODE)).toBe(
      '<script type="application/json">[{"title":"<\\/script><script>alert(1)<\\/script>"}]</script>',
    );
  });

  it('escapes inside partials and {.eval}, prints TrustedHtml as it is, and asks safeHtml about markup', () => {
    expect(out('{@|apply card}', { name: '<b>' }, MODE, { card: '<div>{name}</div>' })).toBe('<div>&#60;b&#62;</div>');
    expect(out('{.eval title}', { title: '<b>' }, MODE)).toBe('&#60;b&#62;');
    expect(out('{main}', { main: new TrustedHtml('<main>x</main>') }, MODE)).toBe('<main>x</main>');
    expect(out('{a}{b}', { a: '<p>ok</p>', b: '<p>no</p>' }, SANITIZED)).toBe('<p>ok</p>&#60;p&#62;no&#60;/p&#62;');
  });

  it("renders the engine's own snippets as the reference does: a widget's prepared markup is not escaped again", () => {
    const product = {
      recordType: 11,
      structuredContent: {
        productType: 1,
        variants: [{ price: 1200, priceMoney: { currency: 'USD', value: '12.00' } }],
      },
    };
    const price = out('{@|product-price}', product, { rawFormatters: new Set(['product-price']) });
    expect(price).toContain('<span class="sqs-money-native">12.00</span>');
    expect(price).toBe(out('{@|product-price}', product));
  });

  it('changes nothing without the mode', () => {
    expect(out('<h1>{title}</h1>{.eval title}', { title: TITLE })).toBe(`<h1>${TITLE}</h1>${TITLE}`);
    expect(out('{main}', { main: new TrustedHtml('<main>x</main>') })).toBe('<main>x</main>');
  });
});
