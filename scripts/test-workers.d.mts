/** How many browser test workers `npm test -- ARGS` needs (scripts/test-workers.mjs). */
export function browserWorkersFor(testArgs: string[]): string | undefined;
