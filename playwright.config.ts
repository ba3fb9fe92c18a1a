/**
 * End-to-end tests in Debian's Chromium (never a downloaded browser) against the built server,
 * started fresh on its own data folder with the demo seed.
 *
 * The visitor pages run on a phone and a desktop in parallel. The status screens (maintenance,
 * region block) switch the whole site, so they run in a project of their own that Playwright
 * schedules as the pages projects' teardown: after every page test has finished, alone, and
 * whether or not the pages passed.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { E2E_DATA_DIR, E2E_DIST_DIR, E2E_PORT } from './tests/e2e-support/server.ts';

const CI = !!process.env.CI;

/** Debian's Chromium: the wrapper in /usr/bin, or the binary behind it. */
function chromiumPath(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : '/usr/lib/chromium/chromium';
}

const launchOptions = {
  executablePath: chromiumPath(),
  // The machine has no network beyond the package registries: keep Chromium from calling home.
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
};

const STATUS_SPEC = /visitor-status\.spec\.ts$/;
/** The smoke test of the second demo brand, against a server of its own (brands/sol.json). */
const BRAND_SPEC = /brand-sol\.spec\.ts$/;
const SOL_PORT = E2E_PORT + 1;
const PHONE_SPECS = [
  /visitor-pages\.spec\.ts$/,
  /accounts-a11y\.spec\.ts$/,
  /wallet-a11y\.spec\.ts$/,
  /wallet-header\.spec\.ts$/,
  /lobby-search\.spec\.ts$/,
  /egame-menu\.spec\.ts$/,
  /seamless\.spec\.ts$/,
  /manual-rebate\.spec\.ts$/,
  /agent-reports\.spec\.ts$/,
  /agent-contracts\.spec\.ts$/,
  /inbox\.spec\.ts$/,
  /announcements\.spec\.ts$/,
  /vip\.spec\.ts$/,
  /referral\.spec\.ts$/,
  /free-spins\.spec\.ts$/,
  /lottery\.spec\.ts$/,
  /chat\.spec\.ts$/,
  /point-mall\.spec\.ts$/,
  /missions\.spec\.ts$/,
];

/** One e2e server: `npm start` on a fresh data folder. */
function e2eServer(port: number, dataDir: string, extra: Record<string, string>) {
  return {
    command: `rm -rf "${dataDir}" && node_modules/.bin/node scripts/start.mjs`,
    cwd: path.resolve(import.meta.dirname),
    url: `http://127.0.0.1:${port}/wps/system/status`,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DIST_DIR: E2E_DIST_DIR,
      SEED: 'demo',
      LOG_LEVEL: 'warn',
      // The e2e server must not talk to a PostgreSQL set for something else.
      DATABASE_URL: '',
      // Each accounts test speaks from its own address (X-Forwarded-For, tests/e2e/support/accounts.ts),
      // so that per-address limits (captcha after failures, sms per address) and the new-address
      // check of one test do not leak into another.
      TRUST_PROXY: '1',
      // Cheaper password hashes and proofs of work, as in the vitest projects: the flows are the
      // same at any cost, and every login, registration and sms request of the suite paid the
      // production figures (scrypt N=2^17 on the server, 16 bits of work in the browser) on a
      // 2-core machine. Those figures are measured by `npm run bench` (logins/s) and unit tests.
      PASSWORD_HASH_COST: '12',
      POW_DIFFICULTY: '8',
      ...extra,
    },
    reuseExistingServer: !CI && process.env.E2E_REUSE === '1',
    timeout: 240_000,
    stdout: 'pipe' as const,
    stderr: 'pipe' as const,
    gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 10_000 },
  };
}

export default defineConfig({
  // Each part's browser tests sit in its own tests/e2e folder.
  testDir: 'src',
  testMatch: '**/tests/e2e/*.spec.ts',
  outputDir: 'test-results',
  fullyParallel: true,
  forbidOnly: CI,
  // No retry: a flaky test is a bug to fix, not to hide.
  retries: 0,
  workers: 2,
  // axe needs several seconds on the home page (thousands of elements) on this 2-core machine.
  timeout: 60_000,
  expect: { timeout: 5_000 },
  reporter: [['list'], ['line']],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    launchOptions,
    // Traces cost a lot on big pages; E2E_TRACE=1 keeps one for each failed test.
    trace: process.env.E2E_TRACE === '1' ? 'retain-on-failure' : 'off',
    // A failed test still leaves a screenshot of its pages, taken by the test's context fixture
    // (tests/e2e-support/fixtures.ts) once it has failed: Playwright's 'only-on-failure' shoots
    // every page of every test before closing it, which cost about a second a test.
    screenshot: 'off',
    // A page that never finishes loading fails in 15 s rather than taking the whole test timeout.
    navigationTimeout: 15_000,
    // Pages stand still unless a test asks for motion (page.emulateMedia, as the banner's autoplay
    // test does): the marquee, the winner board and the banner otherwise repaint 60 times a second
    // in a GPU-less Chromium, which cost the suite 30% of its CPU (measured on the visitor and
    // accounts specs: 486 -> 341 CPU seconds). Every page supports reduced motion, and axe runs
    // on that form of it (which found a winner board a keyboard could not scroll).
    reducedMotion: 'reduce',
  },
  projects: [
    {
      name: 'desktop',
      testIgnore: [STATUS_SPEC, BRAND_SPEC],
      teardown: 'status',
      use: { ...devices['Desktop Chrome'], launchOptions },
    },
    {
      // Layout and accessibility on a phone: the specs that look at pages. The flows (login,
      // registration, passwords, roles, wallet flow and withdrawal, favourites) run the same code
      // on both sizes and stay on desktop, which keeps CI well inside its time budget.
      name: 'phone',
      testMatch: PHONE_SPECS,
      teardown: 'status',
      use: { ...devices['Pixel 7'], launchOptions },
    },
    {
      // The second demo brand (another currency and language list, a single wallet, other flags):
      // the same build, another brand file, no code. Desktop and phone sizes are set in the spec.
      name: 'brand-sol',
      testMatch: BRAND_SPEC,
      use: { ...devices['Desktop Chrome'], launchOptions, baseURL: `http://127.0.0.1:${SOL_PORT}` },
    },
    {
      // Runs alone after the pages projects (see above); it checks the phone layout itself.
      name: 'status',
      testMatch: STATUS_SPEC,
      use: { ...devices['Desktop Chrome'], launchOptions },
    },
  ],
  webServer: [
    // A fresh data folder on every run: delete it, then `npm start` (build if needed, migrate, seed).
    e2eServer(E2E_PORT, E2E_DATA_DIR, {}),
    // The second demo brand on the same build (BRAND=sol), started at the same time: a build that
    // is needed happens once (build-if-needed.mjs holds a lock; the other waits and finds it built).
    e2eServer(SOL_PORT, `${E2E_DATA_DIR}-sol`, { BRAND: 'sol' }),
  ],
});
