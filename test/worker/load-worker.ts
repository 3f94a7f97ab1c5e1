/**
 * The worker project's setup file: loads the worker's modules before a test file's tests. Each file runs
 * in a workerd of its own, and there the first test that reached the worker paid for loading all its
 * modules, which took over a test's 60 s on a loaded 2-core machine; a setup file's import has no timeout.
 */
import '../../src/worker';
