import { defineConfig } from 'vitest/config';

export default defineConfig({
  define: { __AGENT_CONFIG_VERSION__: JSON.stringify('0.0.0-test') },
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    globalSetup: ['test/fast-check-seed.ts'],
    setupFiles: ['test/setup.ts', 'test/fast-check-setup.ts'],
  },
});
