/**
 * The player's recent games (spec 2.1 /recent, 4: recent loads do nothing when not logged in;
 * 7 GCS_recentGame, pages of 20, newest launch first). A launch is what makes a game recent,
 * so a launch from the /recent page reloads it.
 */
import type { GameItem } from '../../games/client.ts';
import { recentGame } from '../contract/play.ts';
import { PAGE_SIZE } from '../../../kernel/categories.ts';
import { pagedList } from '../../../ui/stores/paged.ts';
import { $isLogin, api } from '../../accounts/client.ts';

export const recentGames = pagedList<GameItem>(async (page) => {
  const v = await api().call(recentGame, { query: { page, pageSize: PAGE_SIZE.list } });
  return { list: v.list, pageNum: v.pageNum, totalPages: v.totalPages };
});

/** Loads the first page; does nothing when not logged in. */
export async function loadRecent(): Promise<void> {
  if (!$isLogin.get()) return;
  await recentGames.reload();
}

/** Appends the next page; does nothing when not logged in. */
export async function moreRecent(): Promise<void> {
  if (!$isLogin.get()) return;
  await recentGames.more();
}

/** Forgets the list (logout). */
export function clearRecent(): void {
  recentGames.reset();
}
