// Builds the site when dist/ is missing or older than the sources it was built from.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const inputs = ['src', 'public', 'astro.config.mjs', 'package-lock.json', 'tsconfig.json'];
/** The build folder: dist/, or DIST_DIR (astro.config.mjs reads the same variable). */
const distDir = path.join(root, process.env.DIST_DIR || 'dist');
const stampFile = path.join(distDir, '.build-stamp');

function walk(p, out) {
  if (!existsSync(p)) return;
  const st = statSync(p);
  if (st.isDirectory()) for (const f of readdirSync(p).sort()) walk(path.join(p, f), out);
  else out.push(`${path.relative(root, p)}:${st.size}:${st.mtimeMs}`);
}

/** A fingerprint of every input of the build. */
export function sourceStamp() {
  const files = [];
  for (const i of inputs) walk(path.join(root, i), files);
  return createHash('sha256').update(files.join('\n')).digest('hex');
}

const isBuilt = (stamp) => existsSync(path.join(distDir, 'server/entry.mjs')) && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp;

const lockDir = path.join(root, 'node_modules/.cache', `build-${path.basename(distDir)}.lock`);
/** A build that has held the lock this long is taken to have died. */
const STALE_LOCK_MS = 10 * 60_000;

/**
 * Holds a lock directory (mkdir is atomic) while `fn` runs, so that processes starting at
 * the same time on one checkout build one after another instead of into the same dist/.
 */
function withBuildLock(fn) {
  mkdirSync(path.dirname(lockDir), { recursive: true });
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (;;) {
    try {
      mkdirSync(lockDir);
      break;
    } catch (err) {
      if (err.code !== 'EEXIST') throw err;
      try {
        if (Date.now() - statSync(lockDir).mtimeMs > STALE_LOCK_MS) rmSync(lockDir, { recursive: true, force: true });
      } catch {
        /* released meanwhile */
      }
      Atomics.wait(pause, 0, 0, 500);
    }
  }
  try {
    return fn();
  } finally {
    rmSync(lockDir, { recursive: true, force: true });
  }
}

/** Runs `astro build` unless dist/ matches the sources. */
export function buildIfNeeded({ force = false } = {}) {
  if (isBuilt(sourceStamp()) && !force) return false;
  const outcome = withBuildLock(() => {
    // Another process may have built these very sources while this one waited.
    const stamp = sourceStamp();
    if (isBuilt(stamp) && !force) return false;
    console.log('Building the site (astro build)...');
    const r = spawnSync(process.execPath, [path.join(root, 'node_modules/astro/bin/astro.mjs'), 'build'], { cwd: root, stdio: 'inherit' });
    if (r.status !== 0) return r.status ?? 1;
    writeFileSync(stampFile, stamp);
    return true;
  });
  if (typeof outcome === 'number') process.exit(outcome);
  return outcome;
}
