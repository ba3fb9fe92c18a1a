/**
 * Where the translation catalogues are. Each part of the house keeps its own strings beside its
 * code: `src/kernel/i18n/<lang>/<namespace>.json`, `src/shell/i18n/...` and
 * `src/features/<feature>/i18n/<lang>/<namespace>.json`. The kernel knows this folder convention,
 * not the features: a new feature's catalogues are found without a line of code, and a new
 * language is a folder of catalogues in each part plus a line in `locales.ts`.
 * Files of the same namespace in several parts are merged (a later part may add keys, never
 * change one: a clash throws, so two features cannot silently fight over a key).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { projectRoot } from '../env.ts';

type Tree = Record<string, unknown>;

/** The folders that hold catalogues, kernel first. */
export function catalogueRoots(root = projectRoot): string[] {
  const src = path.join(root, 'src');
  const features = path.join(src, 'features');
  const featureRoots = existsSync(features)
    ? readdirSync(features, { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => path.join(features, d.name, 'i18n'))
        .sort()
    : [];
  return [path.join(src, 'kernel', 'i18n'), path.join(src, 'shell', 'i18n'), ...featureRoots].filter((d) => existsSync(d));
}

/** The files of every namespace of `lang`: namespace -> paths (one per part that has it). */
export function catalogueFiles(lang: string, root = projectRoot): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const dir of catalogueRoots(root)) {
    const langDir = path.join(dir, lang);
    if (!existsSync(langDir)) continue;
    for (const file of readdirSync(langDir).sort()) {
      if (!file.endsWith('.json')) continue;
      (out[file.slice(0, -5)] ??= []).push(path.join(langDir, file));
    }
  }
  return out;
}

function merge(into: Tree, from: Tree, where: string): Tree {
  for (const [k, v] of Object.entries(from)) {
    const have = into[k];
    if (have === undefined) into[k] = v;
    else if (typeof have === 'object' && have && typeof v === 'object' && v) merge(have as Tree, v as Tree, `${where}.${k}`);
    else throw new Error(`Catalogue key ${where}.${k} is defined twice`);
  }
  return into;
}

/** Every namespace of `lang`, read from disk and merged across the parts. */
export function readLanguage(lang: string, root = projectRoot): Record<string, Tree> {
  const out: Record<string, Tree> = {};
  for (const [ns, files] of Object.entries(catalogueFiles(lang, root))) {
    out[ns] = {};
    for (const f of files) merge(out[ns], JSON.parse(readFileSync(f, 'utf8')) as Tree, `${lang}/${ns}`);
  }
  return out;
}
