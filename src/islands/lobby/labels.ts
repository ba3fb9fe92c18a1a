/**
 * The lobby's strings in the browser (search and vendor popups, launch messages, /recent): the
 * page language's `lobby` catalogue, loaded as a chunk of its own when first needed (as the
 * shell does with `auth`, src/islands/shell/labels.tsx), so no page carries them in its HTML.
 */
import type enLobby from '../../i18n/locales/en/lobby.json';
import { pageLang, type Lang } from '../shell/labels.tsx';

export type LobbyLabels = typeof enLobby;

const files = import.meta.glob<LobbyLabels>('../../i18n/locales/*/lobby.json', { import: 'default' });
const cache = new Map<Lang, Promise<LobbyLabels>>();

/** The `lobby` catalogue of the page's language. */
export function loadLobbyLabels(lang: Lang = pageLang()): Promise<LobbyLabels> {
  let p = cache.get(lang);
  if (!p) {
    p = files[`../../i18n/locales/${lang}/lobby.json`]!();
    p.catch(() => cache.delete(lang));
    cache.set(lang, p);
  }
  return p;
}
