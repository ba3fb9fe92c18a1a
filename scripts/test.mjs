// npm test: type check, unit and API tests (PGlite, and PostgreSQL when one is reachable), the
// money guard (a short bench of ratios), then the build and the Playwright e2e suite in Debian's Chromium. Every step runs even when an
// earlier one failed (except e2e after a failed build), and the last line is the count that CI
// reads: `N passed, M failed` over the vitest and Playwright tests, where a step that failed
// without reporting tests (type check, build, a runner that could not start) counts as one failure.
//
// Options: --no-check (type check and walls), --no-vitest, --no-guard, --no-e2e skip a step; anything after `--` goes to Playwright
// (e.g. `npm test -- --no-check --no-vitest -- --project=desktop`).
import './lib/node-check.mjs';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '..');
const node = process.execPath;
const args = process.argv.slice(2);
const dashdash = args.indexOf('--');
const own = dashdash === -1 ? args : args.slice(0, dashdash);
const playwrightArgs = dashdash === -1 ? [] : args.slice(dashdash + 1);
const skip = (name) => own.includes(`--no-${name}`);
const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || 'postgresql://postgres@127.0.0.1:5432/test';
const work = mkdtempSync(path.join(tmpdir(), 'casino-test-'));

const totals = { passed: 0, failed: 0 };
const steps = [];
/** Failed tests with the first lines of their error, repeated at the end where CI's tail shows them. */
const failures = [];
const firstLines = (text) =>
  String(text ?? '')
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .filter((l) => l.trim() && !/^\s*at .*(node_modules|node:internal|<anonymous>)/.test(l))
    .slice(0, 6)
    .join('\n      ');

/** Runs a command with inherited output; returns its exit code. */
function run(cmd, cmdArgs, env = {}) {
  const r = spawnSync(cmd, cmdArgs, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.error) console.error(r.error.message);
  return r.status ?? 1;
}

/** Runs a command with its output (both streams) kept; answers its exit code and the output. */
function runCaptured(cmd, cmdArgs) {
  return new Promise((resolve) => {
    const child = spawn(cmd, cmdArgs, { cwd: root, env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0' } });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('error', (err) => resolve({ code: 1, output: `${output}${err.message}\n` }));
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

/** Runs one step, timing it and recording its outcome. */
async function step(title, fn) {
  console.log(`\n=== ${title}`);
  const started = Date.now();
  const ok = await fn();
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  steps.push({ title, ok, seconds });
  console.log(`=== ${title}: ${ok ? 'ok' : 'FAILED'} (${seconds} s)`);
  return ok;
}

function readJson(file) {
  try {
    return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
  } catch {
    return null;
  }
}

/** Is a PostgreSQL server answering at `url`? Returns null when it is, or the reason it is not. */
async function postgresUnreachable(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('select 1');
    return null;
  } catch (err) {
    return err instanceof Error ? err.message || err.constructor.name : String(err);
  } finally {
    await client.end().catch(() => {});
  }
}

if (!skip('check')) {
  // The type check, the walls and the lint each keep one core busy for a while and share
  // nothing: they run at once (about 20 s less on the 2-core CI machine), each printed whole when it ends.
  const checks = [
    ['Type check (astro check)', [[node, ['node_modules/astro/bin/astro.mjs', 'check']]]],
    // The walls of the house (docs/architecture.md): dependency-cruiser, the same rules for .astro
    // files, and the walls for strings and for data.
    [
      'Walls (imports, strings, data)',
      [
        [node, ['node_modules/dependency-cruiser/bin/dependency-cruiser.mjs', '--config', '.dependency-cruiser.cjs', '--output-type', 'err', 'src']],
        [node, ['scripts/walls-astro.mjs']],
        [node, ['scripts/walls-i18n.ts']],
        [node, ['scripts/walls-sql.ts']],
      ],
    ],
    // ESLint: TypeScript's recommended rules and React's rules of hooks (eslint.config.js).
    [
      'Lint (ESLint, Prettier)',
      [
        [node, ['node_modules/eslint/bin/eslint.js', '.']],
        [node, ['node_modules/prettier/bin/prettier.cjs', '--check', '--log-level', 'warn', '.']],
      ],
    ],
  ];
  const started = Date.now();
  const outcomes = await Promise.all(
    checks.map(async ([title, commands]) => {
      let output = '';
      let code = 0;
      for (const [cmd, cmdArgs] of commands) {
        const r = await runCaptured(cmd, cmdArgs);
        output += r.output;
        code = r.code;
        if (code !== 0) break;
      }
      return { title, code, output, seconds: ((Date.now() - started) / 1000).toFixed(0) };
    }),
  );
  for (const o of outcomes) {
    console.log(`\n=== ${o.title}`);
    process.stdout.write(o.output);
    console.log(`=== ${o.title}: ${o.code === 0 ? 'ok' : 'FAILED'} (${o.seconds} s, alongside the others)`);
    steps.push({ title: o.title, ok: o.code === 0, seconds: o.seconds });
    if (o.code !== 0) totals.failed += 1;
  }
}

if (!skip('vitest')) {
  const projects = ['unit', 'pglite'];
  const why = await postgresUnreachable(TEST_DATABASE_URL);
  const shown = TEST_DATABASE_URL.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');
  if (why === null) {
    projects.push('postgres');
    console.log(`\nPostgreSQL is reachable at ${shown}: the postgres project runs.`);
  } else {
    console.log(`\nPostgreSQL is not reachable at ${shown} (${why}): the postgres project is skipped.`);
  }
  await step(`Unit and API tests (vitest: ${projects.join(', ')})`, () => {
    const report = path.join(work, 'vitest.json');
    const code = run(node, ['node_modules/vitest/vitest.mjs', 'run', ...projects.flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], {
      TEST_DATABASE_URL,
    });
    const json = readJson(report);
    const passed = json?.numPassedTests ?? 0;
    const failed = json?.numFailedTests ?? 0;
    totals.passed += passed;
    totals.failed += failed;
    for (const file of json?.testResults ?? []) {
      for (const t of file.assertionResults ?? []) {
        if (t.status === 'failed') failures.push(`${path.relative(root, file.name)} > ${t.fullName}\n      ${firstLines(t.failureMessages?.[0])}`);
      }
      if (file.status === 'failed' && !(file.assertionResults ?? []).some((t) => t.status === 'failed')) {
        failures.push(`${path.relative(root, file.name)}\n      ${firstLines(file.message)}`);
      }
    }
    if (code !== 0 && failed === 0) totals.failed += 1; // the run itself failed (no file, load error)
    return code === 0;
  });
}

// The money path's speed, as ratios beside pgbench measured now (issue 35): about half a minute,
// alone on the machine like every step; it says so and passes where PostgreSQL or pgbench is missing.
if (!skip('guard')) {
  await step('Money guard (ledger and spins ratios, scripts/bench/money-guard.ts)', () => {
    const code = run(node, ['scripts/bench/money-guard.ts'], { TEST_DATABASE_URL });
    if (code !== 0) totals.failed += 1;
    return code === 0;
  });
}

if (!skip('e2e')) {
  const built = await step('Build (when the sources changed)', () => {
    const code = run(node, ['--input-type=module', '-e', "const { buildIfNeeded } = await import('./scripts/lib/build-if-needed.mjs'); buildIfNeeded();"]);
    if (code !== 0) totals.failed += 1;
    return code === 0;
  });
  if (built) {
    await step('End-to-end tests (Playwright, Chromium)', () => {
      const report = path.join(work, 'playwright.json');
      const code = run(node, ['node_modules/@playwright/test/cli.js', 'test', '--reporter=list,json', ...playwrightArgs], {
        PLAYWRIGHT_JSON_OUTPUT_FILE: report,
      });
      const pw = readJson(report);
      const stats = pw?.stats;
      const walk = (suite) => {
        for (const spec of suite.specs ?? []) {
          for (const t of spec.tests ?? []) {
            if (t.status === 'unexpected') {
              const last = t.results?.[t.results.length - 1];
              failures.push(`[${t.projectName}] ${spec.file}:${spec.line} > ${spec.title}\n      ${firstLines(last?.error?.message)}`);
            }
          }
        }
        for (const child of suite.suites ?? []) walk(child);
      };
      for (const suite of pw?.suites ?? []) walk(suite);
      const passed = (stats?.expected ?? 0) + (stats?.flaky ?? 0);
      const failed = stats?.unexpected ?? 0;
      totals.passed += passed;
      totals.failed += failed;
      if (code !== 0 && failed === 0) totals.failed += 1; // server did not start, config error...
      return code === 0;
    });
  }
}

rmSync(work, { recursive: true, force: true });
console.log('\nSteps:');
for (const s of steps) console.log(`  ${s.ok ? 'ok    ' : 'FAILED'}  ${s.title} (${s.seconds} s)`);
if (failures.length) {
  console.log('\nFailed tests:');
  for (const f of failures) console.log(`  - ${f}`);
}
const ok = steps.every((s) => s.ok);
console.log(`\n${totals.passed} passed, ${totals.failed} failed`);
process.exit(ok ? 0 : 1);
