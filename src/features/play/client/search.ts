/**
 * The search modal's list (spec 4 Search, 5, 9): what is typed is trimmed and searched 500 ms
 * after the last keystroke, pages of 32, More appends the next page. Clearing the field empties
 * the list at once and reloads it without a name, i.e. the first page of all games (the modal
 * also opens on that list), so the modal never shows an empty box to someone who has not typed.
 */
import { atom } from 'nanostores';
import { gameList, type GameItem } from '../../games/client.ts';
import { PAGE_SIZE } from '../../../kernel/categories.ts';
import { SEARCH_DEBOUNCE_MS } from '../../../kernel/constants.ts';
import { pagedList } from '../../../ui/stores/paged.ts';
import { api } from '../../accounts/client.ts';

/** The trimmed name the list shows ('' is every game). */
export const $searchQuery = atom('');

export const searchResults = pagedList<GameItem>(async (page) => {
  const name = $searchQuery.get();
  const v = await api().call(gameList, { query: { gameName: name || undefined, pageNo: page, pageSize: PAGE_SIZE.search } });
  return { list: v.games, pageNum: v.pageNum, totalPages: v.totalPages, totalCount: v.totalCount };
});

let timer: ReturnType<typeof setTimeout> | undefined;

/** Runs the search for `name` now (trimmed). */
export function searchNow(name: string): Promise<void> {
  clearTimeout(timer);
  timer = undefined;
  $searchQuery.set(name.trim());
  return searchResults.reload();
}

/**
 * What the field calls on every change. A name is searched `delay` ms after the last change
 * (spec 9: 500 ms); an empty field empties the list and reloads every game at once.
 */
export function typeSearch(raw: string, delay: number = SEARCH_DEBOUNCE_MS): void {
  const name = raw.trim();
  clearTimeout(timer);
  timer = undefined;
  if (name === '') {
    // Spaces typed into an empty field change nothing: the list already shows every game.
    if ($searchQuery.get() === '' && searchResults.$state.get().list !== null) return;
    searchResults.reset();
    void searchNow('');
    return;
  }
  // Spaces added around the same name change nothing (the name is trimmed).
  if (name === $searchQuery.get() && searchResults.$state.get().list !== null) return;
  timer = setTimeout(() => void searchNow(name), delay);
}

/** Opens the list on `initial` (the search bar's text) without waiting. */
export function startSearch(initial = ''): Promise<void> {
  return searchNow(initial);
}

/** Forgets the list and any search still waiting (the modal closed). */
export function stopSearch(): void {
  clearTimeout(timer);
  timer = undefined;
  searchResults.reset();
  $searchQuery.set('');
}
