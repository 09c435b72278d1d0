import { configDefaults, defineConfig } from 'vitest/config';

// The canaries fail on purpose; only .ci/run runs them (UJUMBE_CANARY=1), to prove that failures fail.
const canary = process.env.UJUMBE_CANARY === '1';

export default defineConfig({
  // graphql 16 has no exports map: Node (the service) loads its main file, Vite would take its module file, and
  // the two instances refuse each other's types. Tests load what the service loads.
  resolve: { alias: [{ find: /^graphql$/, replacement: 'graphql/index.js' }] },
  test: {
    include: canary ? ['tests/canary/**/*.test.ts'] : ['tests/**/*.test.ts'],
    exclude: canary ? configDefaults.exclude : [...configDefaults.exclude, 'tests/canary/**'],
    globalSetup: ['tests/support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default on a machine of two cores is one file at a time (its count less one), and most of a file's
    // time is spent waiting: on PostgreSQL, Chromium, the processes it starts. Three files at once keep both cores
    // busy (the suite in about half the time) without starving the tests that measure time.
    maxWorkers: 3,
    // A poll waits for something another part does (a worker, the SMSC, the browser): beside two other files on a
    // loaded machine that can take seconds, not Vitest's default second (decision 0286).
    expect: { poll: { timeout: 5_000 } },
  },
});
