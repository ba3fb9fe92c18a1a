/**
 * The walls for data (issue 27), which dependency-cruiser cannot see: a feature's tables are
 * written only by that feature's code, and read by another feature only in its server code.
 * - A feature's `index.ts` may lend some of its tables (`export { member } from
 *   './server/tables.ts'`) to later features for read-only joins in their `server/` code.
 * - Another feature never writes them: no `.insert(member)`, `.update(member)`, `.delete(member)`
 *   on a lent table, and no `insert into member`, `update member`, `delete from member` in SQL
 *   it writes by hand; it calls the owner's function (accounts' createMember takes a createdAt).
 * - Views, components and islands read no other feature's tables: they call the owner's face
 *   (a lottery page asks games' `vendorNames`, it does not query `vendor`).
 * Tables are named by their SQL names too (`pgTable('member', ...)`), so hand-written SQL is seen.
 *
 * `node scripts/walls-sql.ts` checks the tree (part of `npm run walls`): a breach fails.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { SourceFile } from './walls-i18n.ts';

export interface TableIndex {
  /** Feature -> the table variables its index.ts lends (`member`, `vendor`). */
  lent: ReadonlyMap<string, ReadonlySet<string>>;
  /** SQL table name -> owning feature (from the features' server/tables.ts). */
  sqlOwner: ReadonlyMap<string, string>;
}

const featureOf = (file: string) => /^src\/features\/([^/]+)\//.exec(file)?.[1] ?? null;

/** The lent tables and the SQL names' owners, from the features' index.ts and server/tables.ts files. */
export function tableIndex(files: readonly SourceFile[]): TableIndex {
  const lent = new Map<string, Set<string>>();
  const sqlOwner = new Map<string, string>();
  for (const f of files) {
    const feature = featureOf(f.path);
    if (!feature) continue;
    if (f.path === `src/features/${feature}/index.ts`) {
      for (const m of f.text.matchAll(/export\s*\{([^}]*)\}\s*from\s*'\.\/server\/tables\.ts'/g)) {
        const names = m[1]!
          .split(',')
          .map((n) =>
            n
              .trim()
              .split(/\s+as\s+/)
              .at(-1)!,
          )
          .filter(Boolean);
        lent.set(feature, new Set([...(lent.get(feature) ?? []), ...names]));
      }
    }
    if (f.path === `src/features/${feature}/server/tables.ts`) {
      for (const m of f.text.matchAll(/pgTable\(\s*['"](\w+)['"]/g)) sqlOwner.set(m[1]!, feature);
    }
  }
  return { lent, sqlOwner };
}

export interface SqlBreach {
  file: string;
  table: string;
  owner: string;
  /** `write` (builder or SQL), `view` (a lent table outside server code). */
  kind: 'write' | 'view';
  key: string;
}

/** Every breach of the data walls in `files`. */
export function tableBreaches(files: readonly SourceFile[], index: TableIndex): SqlBreach[] {
  const out: SqlBreach[] = [];
  const add = (file: string, table: string, owner: string, kind: SqlBreach['kind']) => {
    const key = `${featureOf(file)} -> ${owner}.${table} (${kind})`;
    if (!out.some((b) => b.file === file && b.key === key)) out.push({ file, table, owner, kind, key });
  };
  for (const f of files) {
    const user = featureOf(f.path);
    if (!user) continue;
    const server = f.path.startsWith(`src/features/${user}/server/`) || f.path === `src/features/${user}/manifest.ts`;
    // Lent tables imported from another feature's index.ts, under the names used here.
    for (const m of f.text.matchAll(/import\s*\{([^}]*)\}\s*from\s*'(?:#features\/|(?:\.\.\/)+(?:features\/)?)([\w-]+)\/index\.ts'/g)) {
      const owner = m[2]!;
      if (owner === user) continue;
      const tables = index.lent.get(owner);
      if (!tables) continue;
      for (const spec of m[1]!
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)) {
        const [name, local = name] = spec.split(/\s+as\s+/) as [string, string?];
        if (!tables.has(name)) continue;
        if (new RegExp(`\\.(insert|update|delete)\\(\\s*${local}\\b`).test(f.text)) add(f.path, name, owner, 'write');
        if (!server && new RegExp(`\\b${local}\\b`).test(f.text.slice(m.index! + m[0].length))) add(f.path, name, owner, 'view');
      }
    }
    // Hand-written SQL: the template literals' text.
    for (const t of f.text.matchAll(/`[^`]*`/g)) {
      for (const m of t[0].matchAll(/\b(?:insert\s+into|update|delete\s+from)\s+"?(\w+)"?/gi)) {
        const owner = index.sqlOwner.get(m[1]!);
        if (owner && owner !== user) add(f.path, m[1]!, owner, 'write');
      }
    }
  }
  return out;
}

function main(): void {
  const root = path.resolve(import.meta.dirname, '..');
  const tracked = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', 'src/features'], { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean);
  const files = tracked.filter((p) => /\.(ts|tsx|astro|mjs)$/.test(p) && !/(^|\/)tests\//.test(p)).map((p) => ({ path: p, text: readFileSync(path.join(root, p), 'utf8') }));
  const breaches = tableBreaches(files, tableIndex(files));
  for (const b of breaches) {
    console.log(
      b.kind === 'write'
        ? `  error tables-written-by-owner: ${b.file} writes ${b.owner}'s table ${b.table}: call ${b.owner}'s function instead`
        : `  error tables-read-in-server-code: ${b.file} reads ${b.owner}'s table ${b.table} outside server code: ask ${b.owner}'s face instead`,
    );
  }
  if (breaches.length) {
    console.log(`\nx ${breaches.length} data wall(s) broken (${files.length} files checked).`);
    process.exit(1);
  }
  console.log(`✔ no data wall broken (${files.length} files checked)`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) main();
