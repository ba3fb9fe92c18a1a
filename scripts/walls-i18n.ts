/**
 * The walls for strings (issue 27), which dependency-cruiser cannot see: a namespace belongs to the
 * part whose i18n folder holds it (src/kernel/i18n/<lang>/common.json is the kernel's,
 * src/features/games/i18n/<lang>/lobby.json is games'), and a part may render the strings of the
 * namespaces its code may import:
 * - the kernel's namespaces: everyone;
 * - a feature's: the feature itself, the features after it (the order of .dependency-cruiser.cjs
 *   and src/app/features.ts), and the composition above them (src/shell, src/app, src/pages);
 * - the shell's: the shell, src/app and src/pages (features do not reach up into the shell).
 * A catalogue file (`.../i18n/<lang>/<ns>.json`, imported, globbed or named in a type import) is
 * read only by the part that owns it; others reach it through the owner's face. A namespace that
 * several parts hold a piece of (`errors`, `messages`) is owned key by key: `errors:wallet.*` is
 * the wallet's, `errors:field.*` the kernel's.
 *
 * `node scripts/walls-i18n.ts` checks the tree (part of `npm run walls`): a breach fails, unless
 * listed in KNOWN below (empty: the list may only shrink, and a listed one that is gone fails too).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

export interface SourceFile {
  /** Path from the repository root, with forward slashes (src/features/games/components/GameTile.astro). */
  path: string;
  text: string;
}

export interface Breach {
  file: string;
  /** 'ns' for a string of the namespace, 'json' for its catalogue file. */
  kind: 'ns' | 'json';
  namespace: string;
  owner: string;
  /** A stable key for the known-breaches list: `<part> -> <namespace> (<kind>)`. */
  key: string;
}

/** The part a file belongs to: `features/<name>`, `kernel`, `shell`, `app`, `pages`, `ui`, `providers`; null outside src. */
export function partOf(file: string): string | null {
  const m = /^src\/(features\/[^/]+|kernel|shell|app|pages|ui|providers)\//.exec(file);
  return m ? m[1]! : null;
}

/** Whether `user` may use the strings of a namespace owned by `owner`, given the features' order. */
export function mayUse(user: string, owner: string, features: readonly string[]): boolean {
  if (owner === 'kernel' || owner === user) return true;
  const top = user === 'shell' || user === 'app' || user === 'pages';
  if (owner === 'shell') return top;
  if (!owner.startsWith('features/')) return false;
  if (top) return true;
  if (!user.startsWith('features/')) return false;
  return features.indexOf(user.slice('features/'.length)) > features.indexOf(owner.slice('features/'.length));
}

/** Namespace -> owning part, from the catalogue files' paths (src/<part>/i18n/<lang>/<ns>.json). */
export function namespaceOwners(paths: readonly string[]): Map<string, string> {
  const owners = new Map<string, string>();
  for (const p of paths) {
    const m = /^src\/(features\/[^/]+|kernel|shell)\/i18n\/[^/]+\/([^/]+)\.json$/.exec(p);
    if (m) owners.set(m[2]!, m[1]!);
  }
  return owners;
}

/**
 * Namespaces that several parts hold a piece of (`errors`: the kernel's request errors beside
 * each feature's own; `messages`: each producer's system messages): key -> owning part, for every
 * leaf key of each piece. A string of such a namespace belongs to the part whose piece holds it.
 */
export type KeyOwners = ReadonlyMap<string, ReadonlyMap<string, string>>;

/** The key owners of the namespaces found in more than one part, from their catalogue files (one language's). */
export function keyOwners(files: readonly { path: string; json: unknown }[]): KeyOwners {
  const parts = new Map<string, Set<string>>();
  const pieces: { ns: string; owner: string; json: unknown }[] = [];
  for (const f of files) {
    const m = /^src\/(features\/[^/]+|kernel|shell)\/i18n\/[^/]+\/([^/]+)\.json$/.exec(f.path);
    if (!m) continue;
    (parts.get(m[2]!) ?? parts.set(m[2]!, new Set()).get(m[2]!)!).add(m[1]!);
    pieces.push({ ns: m[2]!, owner: m[1]!, json: f.json });
  }
  const out = new Map<string, Map<string, string>>();
  for (const { ns, owner, json } of pieces) {
    if (parts.get(ns)!.size < 2) continue;
    const keys = out.get(ns) ?? out.set(ns, new Map()).get(ns)!;
    const walk = (node: unknown, at: string) => {
      if (node && typeof node === 'object') for (const [k, v] of Object.entries(node)) walk(v, at ? `${at}.${k}` : k);
      else keys.set(at, owner);
    };
    walk(json, '');
  }
  return out;
}

/** The part that owns `key` (a whole key, or the fixed start of one built at run time) of a shared namespace; null when it cannot be told. */
function ownerOfKey(keys: ReadonlyMap<string, string>, key: string): string | null {
  if (!key) return null;
  const exact = keys.get(key);
  if (exact) return exact;
  const under = new Set([...keys].filter(([k]) => k.startsWith(key.endsWith('.') ? key : `${key}.`)).map(([, o]) => o));
  return under.size === 1 ? [...under][0]! : null;
}

/** String uses `t('ns:key')` (quotes or backticks; the key up to where it is built at run time), and catalogue paths `i18n/<lang>/<ns>.json` with the folder they resolve in. */
const T_CALL = /\bt\(\s*['"`]([A-Za-z][\w-]*):([\w.-]*)/g;
const CATALOGUE = /['"`]((?:\.{1,2}\/|#)[^'"`]*?\/i18n\/(?:[a-z]{2}|\*|\$\{[^}]+\})\/([\w-]+)\.json)['"`]/g;

/** Every breach of the string walls in `files`. */
export function namespaceBreaches(files: readonly SourceFile[], owners: ReadonlyMap<string, string>, features: readonly string[], shared: KeyOwners = new Map()): Breach[] {
  const breaches: Breach[] = [];
  for (const f of files) {
    const user = partOf(f.path);
    if (!user) continue;
    const add = (kind: Breach['kind'], namespace: string, owner: string) => {
      const key = `${user} -> ${namespace} (${kind})`;
      if (!breaches.some((b) => b.file === f.path && b.key === key)) breaches.push({ file: f.path, kind, namespace, owner, key });
    };
    for (const m of f.text.matchAll(T_CALL)) {
      const keys = shared.get(m[1]!);
      const owner = keys ? ownerOfKey(keys, m[2]!) : owners.get(m[1]!);
      if (owner && !mayUse(user, owner, features)) add('ns', keys ? `${m[1]}:${m[2]}` : m[1]!, owner);
    }
    for (const m of f.text.matchAll(CATALOGUE)) {
      const spec = m[1]!;
      const resolved = spec.startsWith('#') ? `src/${spec.slice(1)}` : path.posix.normalize(path.posix.join(path.posix.dirname(f.path), spec));
      const owner = partOf(resolved);
      if (owner && owner !== user) add('json', m[2]!, owner);
    }
  }
  return breaches;
}

/**
 * Breaches known and waiting for their fix (moving the strings to their owner, or reaching them
 * through the owner's face). The seven the tree had when this check came (issue 27) are fixed;
 * the list may only shrink, so keep it empty.
 */
export const KNOWN: readonly string[] = [];

function main(): void {
  const root = path.resolve(import.meta.dirname, '..');
  const tracked = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', 'src'], { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean);
  const { forbidden } = createRequire(import.meta.url)(path.join(root, '.dependency-cruiser.cjs')) as { forbidden: { name: string }[] };
  const features = forbidden.filter((r) => r.name.startsWith('feature-order-')).map((r) => r.name.slice('feature-order-'.length));
  const files = tracked.filter((p) => /\.(ts|tsx|astro|mjs)$/.test(p) && !/(^|\/)tests\//.test(p)).map((p) => ({ path: p, text: readFileSync(path.join(root, p), 'utf8') }));
  const catalogues = tracked.filter((p) => /\/i18n\/en\/[^/]+\.json$/.test(p)).map((p) => ({ path: p, json: JSON.parse(readFileSync(path.join(root, p), 'utf8')) as unknown }));
  const breaches = namespaceBreaches(files, namespaceOwners(tracked), features, keyOwners(catalogues));
  const fresh = breaches.filter((b) => !KNOWN.includes(b.key));
  const gone = KNOWN.filter((k) => !breaches.some((b) => b.key === k));
  for (const b of fresh) console.log(`  error strings-through-walls: ${b.file} uses ${b.kind === 'json' ? `the catalogue file of ${b.namespace}` : `the namespace ${b.namespace}`} of ${b.owner}`);
  for (const k of gone) console.log(`  error strings-known-list: "${k}" is fixed: take it off KNOWN in scripts/walls-i18n.ts`);
  if (fresh.length || gone.length) {
    console.log(`\nx ${fresh.length + gone.length} string wall(s) broken (${files.length} files checked).`);
    process.exit(1);
  }
  console.log(`✔ no string wall broken (${files.length} files checked; ${KNOWN.length} known breaches listed to fix)`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) main();
