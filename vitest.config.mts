/**
 * Two test projects: `engine` runs pure modules' tests in Node; `worker` runs inside workerd
 * through the Workers Vitest integration, with the bindings of wrangler.toml.
 */
import { cloudflareTest } from '@cloudflare/vitest-pool-workers';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'engine',
          environment: 'node',
          include: ['test/engine/**/*.test.ts', 'test/architecture.test.ts', 'src/**/*.test.ts'],
          // Durable Objects need workerd; their tests belong in test/worker.
          exclude: ['src/durable/**'],
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['test/e2e/**/*.test.ts'],
          globalSetup: ['test/e2e/global-setup.ts'],
          // One browser file at a time: they share one wrangler dev, and the beacon burst saturates the CPU.
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        plugins: [cloudflareTest({ wrangler: { configPath: './wrangler.toml' } })],
        test: {
          name: 'worker',
          include: ['test/worker/**/*.test.ts'],
        },
      },
    ],
  },
});
