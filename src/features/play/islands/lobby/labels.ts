/**
 * The lobby's strings in the browser (search and vendor popups, launch messages, /recent): the
 * page language's `lobby` catalogue (games' own, reached through its face), loaded as a chunk of its own when first needed (as the
 * shell does with `auth`, src/shell/labels.tsx), so no page carries them in its HTML.
 */
import { pageLang, type Lang } from '../../../../shell/labels.tsx';
import { lobbyCatalogue as catalogue, type LobbyLabels } from '../../../games/client.ts';

export type { LobbyLabels };

/** The `lobby` catalogue of the page's language. */
export function loadLobbyLabels(lang: Lang = pageLang()): Promise<LobbyLabels> {
  return catalogue.load(lang);
}
