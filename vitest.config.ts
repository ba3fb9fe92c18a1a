import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Pure unit tests run once; tests that touch the database run once per database kind.
// Tests live with what they prove: src/<part>/tests/*.test.ts (unit), src/<part>/tests/api/*.test.ts (database).
const dbTests = ['src/**/tests/api/*.test.ts'];
// Migrates one template database per run and project; each test file starts from a copy of it.
const globalSetup = ['tests/support/global-setup.ts'];
export default defineConfig({
  test: {
    // Vitest's default in run mode is one worker less than the cores: a single worker on the 2-core
    // CI machine, which ran every file one after another. The database files spend much of their
    // time waiting on PostgreSQL or a child server, so a worker per core (at least two) pays.
    maxWorkers: Math.max(2, availableParallelism()),
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Cheaper password hashes and proofs of work in tests; production uses the OWASP and brand figures.
    env: { CONTRACT_CHECK_ANSWERS: '1', LOG_LEVEL: 'error', PASSWORD_HASH_COST: '10', POW_DIFFICULTY: '4' },
    projects: [
      { extends: true, test: { name: 'unit', include: ['src/**/tests/*.test.ts', 'tests/support/*.test.ts'] } },
      // The database files share their worker's modules (isolate: false): each opens its own
      // database copy in beforeAll and sets what it changes (clock, providers) back in afterAll, and
      // loading the whole app once per worker instead of once per file halves their time. The unit
      // files mock modules, so they keep a fresh module graph each.
      { extends: true, test: { name: 'pglite', include: dbTests, env: { TEST_DB: 'pglite' }, globalSetup, isolate: false } },
      { extends: true, test: { name: 'postgres', include: dbTests, env: { TEST_DB: 'postgres' }, globalSetup, isolate: false } },
    ],
  },
});
