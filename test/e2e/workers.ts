/**
 * How many browser test files run at once (E2E_WORKERS in the environment, 2 unless set). A browser test
 * spends much of its time waiting (for a server answer, a debounce, an animation), so two files keep a
 * 2-core machine busier than one; each has its own store (global-setup.ts). A machine with more cores can
 * set more.
 */
function workers(value: string | undefined): number {
  if (value === undefined || value === '') return 2;
  const count = Number(value);
  if (!Number.isInteger(count) || count < 1 || count > 16) throw new Error(`E2E_WORKERS must be 1 to 16, not ${value}`);
  return count;
}

export const E2E_WORKERS = workers(process.env.E2E_WORKERS);
