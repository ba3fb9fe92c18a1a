/** The feature list and what the manifests declare agree with what exists. */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { getTableName, isTable } from 'drizzle-orm';
import { FEATURES } from '../features.ts';
import { SITE_PAGES, siteRoutes } from '../pages.ts';
import * as schema from '../schema.ts';
import { COMMANDS } from '../ops.ts';
import { LOCALES } from '../../kernel/locales.ts';
import { projectRoot } from '../../kernel/env.ts';

const tablesOf = (module: Record<string, unknown>) => Object.values(module).filter((v) => isTable(v)) as Parameters<typeof getTableName>[0][];

describe('the features', () => {
  it('are listed in the order the walls check', () => {
    const walls = createRequire(import.meta.url)(path.join(projectRoot, '.dependency-cruiser.cjs')) as { forbidden: { name: string }[] };
    const order = walls.forbidden.filter((r) => r.name.startsWith('feature-order-')).map((r) => r.name.slice('feature-order-'.length));
    expect(order).toEqual(FEATURES.map((f) => f.name));
  });

  it('are the list docs/architecture.md gives, in the same order', () => {
    const doc = readFileSync(path.join(projectRoot, 'docs/architecture.md'), 'utf8');
    const start = doc.indexOf('The features, in dependency order');
    // The list ends with its sentence: 'The spec's games area ...' follows it.
    const paragraph = doc.slice(start, doc.indexOf("The spec's games area", start));
    expect(start).toBeGreaterThan(-1);
    expect([...paragraph.matchAll(/\*\*([a-z]+)\*\*/g)].map((m) => m[1])).toEqual(FEATURES.map((f) => f.name));
  });

  it('each have a folder with a manifest, and every feature folder is listed', () => {
    for (const f of FEATURES) expect(existsSync(path.join(projectRoot, 'src/features', f.name, 'manifest.ts')), f.name).toBe(true);
    const pagesSource = readFileSync(path.join(projectRoot, 'src/app/pages.ts'), 'utf8');
    for (const f of FEATURES) {
      if (existsSync(path.join(projectRoot, 'src/features', f.name, 'pages.ts'))) expect(pagesSource, `${f.name}'s pages are gathered`).toContain(`features/${f.name}/pages.ts`);
    }
  });

  it('give every declared call a handler of the same feature, and no handler lacks a declaration', () => {
    for (const f of FEATURES) {
      const declared = f.calls.map((c) => `${c.method} ${c.path}`).sort();
      const handled = f.routes.map((r) => `${r.call.method} ${r.call.path}`).sort();
      expect(handled, f.name).toEqual(declared);
    }
  });

  it('put every table they own in the schema, and the schema holds no table nobody owns', () => {
    const inSchema = new Set(tablesOf(schema).map((t) => getTableName(t)));
    const owned = FEATURES.flatMap((f) => tablesOf(f.tables ?? {}).map((t) => getTableName(t)));
    for (const name of owned) expect(inSchema.has(name), `${name} is in src/app/schema.ts`).toBe(true);
    expect(new Set(owned).size, 'no table has two owners').toBe(owned.length);
    // The rest of the schema is the kernel's and the providers' (their own tables.ts files).
    const others = new Set([...inSchema].filter((n) => !owned.includes(n)));
    expect([...others].sort()).toEqual([
      'captcha_challenge',
      'enc_nonce',
      'event_cursor',
      'event_outbox',
      'idempotency_record',
      'message_outbox',
      'ops_audit',
      'pow_challenge',
      'rate_bucket',
      'significant_event',
      'system_setting',
    ]);
  });

  it("put their browser parts (shell.tsx, boot-part.ts) in the app's lists, in feature order", () => {
    // Read as text: these modules are the browser's (stylesheets, the DOM) and do not load in Node.
    for (const [file, list] of [
      ['shell.tsx', 'src/app/shell-parts.ts'],
      ['boot-part.ts', 'src/app/boot-parts.ts'],
    ] as const) {
      const text = readFileSync(path.join(projectRoot, list), 'utf8');
      const have = FEATURES.map((f) => f.name).filter((n) => existsSync(path.join(projectRoot, 'src/features', n, file)));
      const listed = [...text.matchAll(new RegExp(`from '\\.\\./features/([a-z]+)/${file.replace('.', '\\.')}'`, 'g'))].map((m) => m[1]);
      expect(listed, list).toEqual(have);
    }
  });

  it('declare pages whose views exist, each served in every language', () => {
    for (const p of SITE_PAGES) expect(existsSync(path.join(projectRoot, p.entrypoint)), `${p.path}: ${p.entrypoint}`).toBe(true);
    const patterns = siteRoutes().map((r) => r.pattern);
    expect(new Set(patterns).size).toBe(patterns.length);
    const localized = SITE_PAGES.filter((p) => p.localized !== false).length;
    expect(patterns).toHaveLength(localized * LOCALES.length + (SITE_PAGES.length - localized));
    expect(patterns).toContain('/img/game/[file]');
    expect(patterns).not.toContain('/es/img/game/[file]');
    expect(patterns).toContain('/es/favorite');
    expect(patterns).toContain('/es');
  });

  it('name each operator command once, with its usage', () => {
    const names = FEATURES.flatMap((f) => f.ops ?? []).map((c) => c.name);
    expect(new Set(names).size).toBe(names.length);
    for (const c of COMMANDS.values()) expect(c.usage.startsWith(`  ${c.name}`), c.name).toBe(true);
  });
});
