/**
 * The `lobby` catalogue in the browser: the strings of the catalogue pages, tiles and favourites
 * (rendered on the server), and of play's search and vendor popups, launch messages and /recent,
 * which load it as a chunk of its own per language when first needed.
 */
import type enLobby from '../i18n/en/lobby.json';
import { lazyCatalogue } from '../../../kernel/i18n/browser.ts';

export type LobbyLabels = typeof enLobby;

export const lobbyCatalogue = lazyCatalogue(import.meta.glob<LobbyLabels>('../i18n/*/lobby.json', { import: 'default' }));
