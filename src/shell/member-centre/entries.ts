/**
 * The member centre's pages as the features declare them (their `shell.tsx`, `centre`), in menu
 * order: the overlay's menu and pages, the /member page's links and the addresses the shell
 * opens in place are all made of this list, so a feature adds a page by its own declaration.
 * Apart from store.ts, which features import to open the overlay, so that they do not load this
 * list (and every feature's shell part with it).
 */
import type { ComponentType } from 'react';
import { SHELL_PARTS } from '../../app/shell-parts.ts';
import type { CentreEntry } from '../parts.ts';
import type { Lang } from '../labels.tsx';
import type { CentreSlots } from './slots.tsx';

export const CENTRE_ENTRIES: readonly CentreEntry[] = SHELL_PARTS.flatMap((p) => p.centre ?? []).sort((a, b) => a.order - b.order);

/** Is `p` the name of a member-centre page? */
export function isMemberPage(p: unknown): p is string {
  return typeof p === 'string' && CENTRE_ENTRIES.some((e) => e.page === p);
}

export interface LoadedCentre {
  pages: Record<string, ComponentType>;
  slots: CentreSlots;
}

let loading: Promise<LoadedCentre> | null = null;

/** Every feature's member-centre module (pages and slots), loaded once. */
export function loadCentre(): Promise<LoadedCentre> {
  loading ??= Promise.all([...new Set(CENTRE_ENTRIES.map((e) => e.load))].map((load) => load())).then(
    (mods) => ({
      pages: Object.assign({}, ...mods.map((m) => m.PAGES)) as Record<string, ComponentType>,
      slots: Object.assign({}, ...mods.map((m) => m.SLOTS ?? {})) as CentreSlots,
    }),
    (err: unknown) => {
      loading = null;
      throw err;
    },
  );
  return loading;
}

const titles = new Map<Lang, Promise<Record<string, string>>>();

/** Page -> its name in the menu, in `lang` (each feature's own catalogue; once per language). */
export function loadTitles(lang: Lang): Promise<Record<string, string>> {
  let p = titles.get(lang);
  if (!p) {
    p = Promise.all(CENTRE_ENTRIES.map(async (e) => [e.page, await e.label(lang)] as const)).then((pairs) => Object.fromEntries(pairs));
    p.catch(() => titles.delete(lang));
    titles.set(lang, p);
  }
  return p;
}
