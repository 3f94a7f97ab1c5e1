/**
 * How many browser test files run at once. A browser test spends much of its time waiting (for a
 * server answer, a debounce, an animation), so two files keep a 2-core machine busier than one; each
 * has its own store (global-setup.ts).
 */
export const E2E_WORKERS = 2;
