import { defineConfig } from 'vitest/config';

// Pure unit tests run once; tests that touch the database run once per database kind.
const dbTests = ['tests/api/**/*.test.ts'];
export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Cheaper password hashes and proofs of work in tests; production uses the OWASP and brand figures.
    env: { CONTRACT_CHECK_ANSWERS: '1', LOG_LEVEL: 'error', PASSWORD_HASH_COST: '10', POW_DIFFICULTY: '4' },
    projects: [
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'] } },
      { extends: true, test: { name: 'pglite', include: dbTests, env: { TEST_DB: 'pglite' } } },
      { extends: true, test: { name: 'postgres', include: dbTests, env: { TEST_DB: 'postgres' } } },
    ],
  },
});
