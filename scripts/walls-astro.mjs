// The walls of .dependency-cruiser.cjs for .astro files, which dependency-cruiser does not parse:
// the imports of each component's frontmatter and <script> blocks are resolved and checked
// against the same forbidden rules (path, pathNot and their $1 groups; dependencyTypes are not
// known here: a static import is assumed, and node built-ins are not imported by .astro files).
// Exits 1 and lists the broken walls, like depcruise.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { execFileSync } from 'node:child_process';

const root = path.resolve(import.meta.dirname, '..');
const { forbidden } = createRequire(import.meta.url)(path.join(root, '.dependency-cruiser.cjs'));
const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', 'src'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter((f) => f.endsWith('.astro') && existsSync(path.join(root, f)));

/** The modules the server bundle keeps external: the same pattern as scripts/astro-shared-server.mjs. */
const { EXTERNAL: SHARED_SERVER } = await import('./astro-shared-server.mjs');
const list = (x) => (x === undefined ? [] : Array.isArray(x) ? x : [x]);
/** Does `p` match any pattern (with $1 replaced by the group `from` matched)? */
const matches = (patterns, p, group) => list(patterns).some((re) => new RegExp(group === undefined ? re : re.replaceAll('$1', group)).test(p));

function resolve(from, spec) {
  if (spec.startsWith('#')) return 'src/' + spec.slice(1);
  if (spec.startsWith('.')) return path.relative(root, path.resolve(root, path.dirname(from), spec));
  return null; // a package
}

const broken = [];
for (const file of files) {
  const text = readFileSync(path.join(root, file), 'utf8');
  const fm = text.match(/^---\n([\s\S]*?)\n---/)?.[1] ?? '';
  const scripts = [...text.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
  const specsOf = (code) => [...code.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*['"]([^'"]+)['"]/g)].map((m) => m[1]);
  const serverSpecs = new Set(specsOf(fm));
  const specs = [fm, ...scripts].flatMap(specsOf);
  for (const spec of specs) {
    const to = resolve(file, spec);
    if (!to) continue;
    // The server bundle keeps the shared server modules external only when they are named with
    // `#` (scripts/astro-shared-server.mjs): a relative path bundles a second copy of the kernel,
    // whose brand and database were never set up, and the page fails as it renders.
    if (serverSpecs.has(spec) && spec.startsWith('.') && SHARED_SERVER.test(`#${to.slice('src/'.length)}`))
      broken.push(`  error shared-server-by-hash: ${file} → ${to} (import it as #${to.slice('src/'.length)})`);
    for (const rule of forbidden) {
      if (rule.to.dependencyTypes) continue;
      const fromRe = list(rule.from.path);
      if (fromRe.length && !matches(fromRe, file)) continue;
      const group = fromRe.map((re) => file.match(new RegExp(re))?.[1]).find((g) => g !== undefined);
      if (matches(rule.from.pathNot, file, group)) continue;
      if (rule.to.path && !matches(rule.to.path, to, group)) continue;
      if (matches(rule.to.pathNot, to, group)) continue;
      broken.push(`  error ${rule.name}: ${file} → ${to}`);
    }
  }
}
if (broken.length) {
  console.log(broken.join('\n'));
  console.log(`\nx ${broken.length} wall(s) broken in .astro files (${files.length} files checked).`);
  process.exit(1);
}
console.log(`✔ no wall broken in .astro files (${files.length} files checked)`);
