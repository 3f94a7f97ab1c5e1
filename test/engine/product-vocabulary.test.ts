/**
 * The product vocabulary stays one (issue 31): product type codes, the tag and category name limits,
 * the current-price rule, the lookup of a product's additional-fields form and accent folding are each
 * written in one module; a copy anywhere else under src/ fails here, naming the file and line.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

const SOURCES = sourceFiles(join(ROOT, 'src')).map((path) => ({
  file: relative(ROOT, path),
  lines: readFileSync(path, 'utf8').split('\n'),
}));

/** `file:line: text` of every line outside `home` that matches `pattern`. */
function copiesOutside(home: string, pattern: RegExp): string[] {
  return SOURCES.filter(({ file }) => file !== home).flatMap(({ file, lines }) =>
    lines.flatMap((line, i) => (pattern.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
  );
}

describe('one product vocabulary', () => {
  it('reads the source tree', () => {
    expect(SOURCES.length).toBeGreaterThan(100);
  });

  it('product type codes are written only in src/commerce/product.ts (code and SQL use ProductType and its lists)', () => {
    const home = 'src/commerce/product.ts';
    expect(
      copiesOutside(
        home,
        /\b(?:productType|product_type|item_type)\b['")\]]*\s*(?:[!=]==?|(?:NOT\s+)?IN\s*\()\s*-?\d/i,
      ),
    ).toEqual([]);
    expect(copiesOutside(home, /\bproductType\s*:\s*\d/)).toEqual([]);
    expect(copiesOutside(home, /\b(?:Physical|Digital|Service|GiftCard|Paywall)\s*:\s*\d/)).toEqual([]);
    // The product form's list of types once read { code: 1, label: 'Physical product' }, …
    expect(copiesOutside(home, /\{\s*code:\s*\d+\s*,\s*label:/)).toEqual([]);
  });

  it('the tag and category name limits and their message are written only in src/site/model/limits.ts', () => {
    const home = 'src/site/model/limits.ts';
    expect(copiesOutside(home, /\b(?:tag|tags|category|categories)\w*\s*:\s*(?:50|25)\b/i)).toEqual([]);
    expect(copiesOutside(home, /at most (?:50|25) characters/)).toEqual([]);
  });

  it('the current price (the sale price while on sale) is decided only in src/commerce/product.ts', () => {
    expect(copiesOutside('src/commerce/product.ts', /onSale\b[^?:;\n]{0,40}\?[^:;\n]{0,40}sale/i)).toEqual([]);
    // The engine's subscription-price once read a pricing option's onSale and salePriceMoney itself.
    expect(copiesOutside('src/commerce/product.ts', /childOf\([^)]*['"](?:onSale|salePriceMoney)['"]/)).toEqual([]);
  });

  it('the storefront reads products through src/commerce (product.ts, product-fields.ts), never by untyped key or cast', () => {
    const untyped = /childOf\(\s*(?:item|product|variant|own)\b|\b(?:item|product)\s+as\s+(?!const\b)\w/;
    expect(copiesOutside('', untyped).filter((line) => line.startsWith('src/storefront/'))).toEqual([]);
  });

  it("a product's additional-fields form is found only by productFieldsForm (src/commerce/product-fields.ts)", () => {
    const home = 'src/commerce/product-fields.ts';
    // The cart's forms once read `content?.additionalFieldsForm ?? site.forms.find(…)`, the islands
    // `additionalFieldsFormOf(item)` then the page context's forms by id, two console routes `site.forms.find(…)`.
    expect(copiesOutside(home, /\badditionalFieldsForm\s*\?\?/)).toEqual([]);
    expect(
      copiesOutside(
        home,
        /(?:\.find\(|\bresolve\()[^;]*\badditionalFieldsFormId\b|\badditionalFieldsFormId\b[^;]*(?:\.find\(|\bresolve\()/,
      ),
    ).toEqual([]);
    expect(copiesOutside(home, /\badditionalFieldsFormOf\(/)).toEqual([]);
  });

  it("the stock ledger sums reservations (available = on hand - live reservations; a visitor's held units) only in src/durable/stock/counts.ts", () => {
    const ledger = SOURCES.filter(
      ({ file }) => file === 'src/durable/stock.ts' || file.startsWith('src/durable/stock/'),
    );
    const sums = ledger.flatMap(({ file, lines }) =>
      lines.filter((line) => /SUM\(quantity\)/i.test(line)).map(() => file),
    );
    expect(sums.length).toBeGreaterThan(0);
    expect([...new Set(sums)]).toEqual(['src/durable/stock/counts.ts']);
  });

  it('text is folded for search, sorting and slugs only by foldText (src/values/fold.ts)', () => {
    expect(copiesOutside('src/values/fold.ts', /normalize\(\s*['"]NFK?D['"]\s*\)/)).toEqual([]);
  });
});
