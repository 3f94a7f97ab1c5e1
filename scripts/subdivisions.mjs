/**
 * Writes src/commerce/subdivision-data.ts: the first-level subdivisions (ISO 3166-2) of every country, from
 * the `iso-3166` package (codes and which country each belongs to), named in English by CLDR
 * (`cldr-subdivisions-full`: 'Bavaria', where ISO says 'Bayern'; ISO's name is kept beside it when it differs, so a
 * shopper's 'Bayern' matches too). Deterministic: the same packages write the same bytes. Run
 * `node scripts/subdivisions.mjs` after updating either package.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { iso31662 } from 'iso-3166';

const OUT = 'src/commerce/subdivision-data.ts';
const require = createRequire(import.meta.url);
const cldr = JSON.parse(readFileSync(require.resolve('cldr-subdivisions-full/subdivisions/en/en.json'), 'utf8'));
const english = cldr.subdivisions.localeDisplayNames.subdivisions;

const byCountry = new Map();
for (const { code, name, parent } of iso31662) {
  if (!/^[A-Z]{2}$/.test(parent)) continue;
  const local = code.slice(3);
  const named = english[code.replace('-', '').toLowerCase()] ?? name;
  const names = named === name ? [named] : [named, name];
  if (names.some((n) => /[|:]/.test(n))) throw new Error(`${code}: a name holds a separator`);
  if (!byCountry.has(parent)) byCountry.set(parent, []);
  byCountry.get(parent).push([local, ...names]);
}

const lines = [...byCountry.keys()].sort().map((country) => {
  const entries = byCountry
    .get(country)
    .sort((a, b) => a[1].localeCompare(b[1], 'en') || a[0].localeCompare(b[0]))
    .map((entry) => entry.join(':'))
    .join('|');
  return `  ${country}: ${JSON.stringify(entries)},`;
});

writeFileSync(
  OUT,
  `/**
 * Written by scripts/subdivisions.mjs from the iso-3166 and cldr-subdivisions-full packages: do not edit.
 * Per country, its first-level subdivisions as 'code:English name[:ISO name]', separated by '|', sorted by name.
 */
export const SUBDIVISION_DATA: Readonly<Record<string, string>> = {
${lines.join('\n')}
};
`,
);
// In the tree's own format (Biome's quotes), so writing it again changes no byte.
spawnSync('npx', ['biome', 'format', '--write', OUT], { stdio: 'inherit' });
console.log(`${OUT}: ${byCountry.size} countries, ${[...byCountry.values()].flat().length} subdivisions`);
