/**
 * How many browser test workers `npm test -- ARGS` needs (scripts/test.mjs): as many as the browser files named, at
 * most two, so one browser file starts one store and one Chromium rather than two.
 */
import { statSync } from 'node:fs';

/**
 * How many browser test workers the arguments need: the browser files they name (at most 2), when every other
 * argument is an option or an option's value; unset for a folder or a pattern, whose files are not known here.
 */
export function browserWorkersFor(testArgs) {
  let browserFiles = 0;
  for (const [index, arg] of testArgs.entries()) {
    if (arg.startsWith('-')) continue;
    const stat = statSync(arg, { throwIfNoEntry: false });
    if (stat?.isFile()) {
      if (/^(\.\/)?test\/(e2e|journeys)\//.test(arg)) browserFiles++;
      continue;
    }
    const previous = testArgs[index - 1];
    // The value of an option such as -t or --project, else a folder or a pattern.
    if (stat !== undefined || previous === undefined || !previous.startsWith('-') || previous.includes('='))
      return undefined;
  }
  return browserFiles === 0 ? undefined : String(Math.min(2, browserFiles));
}
