// Pure unit tests only: no database is started.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: new URL('../..', import.meta.url).pathname,
    include: ['tests/unit/**/*.test.ts'],
  },
});
