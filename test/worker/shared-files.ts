/**
 * The worker test files that run in the `worker-shared` project (vitest.config.mts): one workerd per pool worker,
 * kept from file to file (`isolate: false`), so a file pays no workerd start and no second load of the worker's
 * modules. The files of one workerd then share its storage, its module state and every rate limiter's window, so a
 * file is listed here only if it depends on none of them:
 * - it reaches the worker only at hosts mapped to stores of its own (`storeOnHost`, `demoStoreOnHost`, its own
 *   `mapHost`), named by no other file here, and never the demo store at `localhost` (no `new Visitor()`, no
 *   `signedIn`);
 * - its visitors send a connecting address of their own (`Visitor` gives each file one; a file that sends its own
 *   sends addresses no other file here sends);
 * - it injects no fault, sets no module state it does not put back, and waits on no alarm of a shared object;
 * - it is small (under about 5 s of tests alone): a workerd that ran the heavy files (races, 10,000 batches, 50,000
 *   products) grew slow, 854 s of CPU and a stack overflow in one shuffled pass of 27 files, and 21 files of up to 38 s
 *   took 77 % more CPU shared than a workerd each (docs/testing.md, "One workerd for the files that share").
 * Every other worker file runs in the `worker` project, a fresh workerd each. test/engine/worker-shared-files.test.ts
 * checks the rules a reader can see in the source.
 */
export const WORKER_SHARED_FILES = [
  'test/security/crumb-coverage.test.ts',
  'test/security/trust-filter-without-rewriter.test.ts',
  'test/worker/api-contract.test.ts',
  'test/worker/beacon-delivery.test.ts',
  'test/worker/collection-slug.test.ts',
  'test/worker/main-image.test.ts',
  'test/worker/never-runs-out-sql.test.ts',
  'test/worker/object-bookkeeping.test.ts',
  'test/worker/order-field-titles.test.ts',
  'test/worker/products-csv.test.ts',
  'test/worker/session.test.ts',
  'test/worker/trackers.test.ts',
];
