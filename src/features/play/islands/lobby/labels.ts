/**
 * The lobby's strings in the browser (search and vendor popups, launch messages, /recent): the
 * page language's `lobby` catalogue, loaded as a chunk of its own when first needed (as the
 * shell does with `auth`, src/shell/labels.tsx), so no page carries them in its HTML.
 */
import type enLobby from '../../i18n/en/lobby.json';
import { pageLang, type Lang } from '../../../../shell/labels.tsx';
import { lazyCatalogue } from '../../../../kernel/i18n/browser.ts';

export type LobbyLabels = typeof enLobby;

const catalogue = lazyCatalogue(import.meta.glob<LobbyLabels>('../../i18n/*/lobby.json', { import: 'default' }));

/** The `lobby` catalogue of the page's language. */
export function loadLobbyLabels(lang: Lang = pageLang()): Promise<LobbyLabels> {
  return catalogue.load(lang);
}
