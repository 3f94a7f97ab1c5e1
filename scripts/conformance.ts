/**
 * `npm run conformance -- [--out FILE] [CASE_FILES...]`: renders the conformance cases, prints a
 * summary per file and last `N passed, M failed`; exits 1 if any case failed.
 */
import { writeFileSync } from 'node:fs';
import { DEFAULT_CASE_FILES, runFile, type CaseResult } from '../test/conformance/cases';

function parseArgs(argv: string[]): { out: string | null; files: string[] } {
  let out: string | null = null;
  const files: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '--out') {
      out = argv[++i] ?? null;
      if (out === null) throw new Error('--out needs a file name');
    } else files.push(arg);
  }
  return { out, files: files.length > 0 ? files : DEFAULT_CASE_FILES };
}

const { out, files } = parseArgs(process.argv.slice(2));
const all: CaseResult[] = [];
for (const file of files) {
  const { name, results } = runFile(file);
  const passed = results.filter((r) => r.pass).length;
  console.log(`${name}: ${passed} passed, ${results.length - passed} failed`);
  all.push(...results);
}
if (out !== null) {
  writeFileSync(out, all.map((r) => JSON.stringify(r)).join('\n') + '\n');
}
const passed = all.filter((r) => r.pass).length;
console.log(`${passed} passed, ${all.length - passed} failed`);
process.exitCode = passed === all.length ? 0 : 1;
