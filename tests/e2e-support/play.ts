/** Playing the sandbox games from an e2e test: the member's API calls from the page, a launch as the lobby makes it, the spin button. */
import { expect, type Locator, type Page } from '@playwright/test';
import { at, t } from './accounts.ts';
import type { Lang } from './i18n.ts';
import { ops } from './server.ts';

/** A string of the `play` catalogue, {{placeholders}} filled. */
export const pt = (lang: Lang, key: string, values: Record<string, string | number> = {}) => t(lang, 'play', key, values);

/** A game of the seeded catalogue (the same on every install) that offers demo play. */
export const NODE_ID = 1;

/** Calls the API from the logged-in page, with its merchant and session token, and answers the envelope. */
export async function callApi<T>(page: Page, path: string, init: { method?: string; body?: unknown } = {}): Promise<{ success: boolean; value: T; errorCode?: string }> {
  return page.evaluate(
    async ({ path, init }) => {
      const cfg = JSON.parse(document.getElementById('client-config')?.textContent || '{}') as { merchant: string; language: string };
      const headers: Record<string, string> = { Merchant: cfg.merchant, Language: cfg.language, Authorization: sessionStorage.getItem('token') ?? '' };
      if (init.body) headers['Content-Type'] = 'application/json';
      const r = await fetch(path, { method: init.method ?? 'GET', headers, body: init.body ? JSON.stringify(init.body) : undefined });
      return r.json();
    },
    { path, init },
  );
}

/** Launches a game as the lobby does and answers its game_url. */
export async function launch(page: Page, accountType: '0' | '1', extra = ''): Promise<string> {
  const answer = await callApi<{ content: { game_url: string } }>(page, `/wps/game/launchGame?nodeId=${NODE_ID}&accountType=${accountType}${extra}`);
  expect(answer.success, JSON.stringify(answer)).toBe(true);
  return answer.value.content.game_url;
}

/** The game's spin button (its name changes to Retry after a lost answer). */
export const spinButton = (page: Page, lang: Lang) => page.getByRole('button', { name: new RegExp(`^(${pt(lang, 'spin')}|${pt(lang, 'retrySpin')})$`) });

/**
 * Valid bets of at least `target` (major units) through the API, as the game page would make
 * them: a real launch of the sandbox slot, `fund` moved from the main wallet into its game
 * wallet, then spins at its largest stake not above what is left. Cheap set-up for tests about
 * what play earns (a friend's referral, missions), not about the game page.
 */
export async function playValidBets(page: Page, target: number, fund: number): Promise<void> {
  const launchToken = new URL(await launch(page, '1')).searchParams.get('launch')!;
  const state = await callApi<{ wallet: { kind: string; vendor: string } | null; rules: { bets: string[] } }>(page, `/wps/sandbox/game/state?launch=${encodeURIComponent(launchToken)}`);
  expect(state.success, JSON.stringify(state)).toBe(true);
  if (state.value.wallet?.kind === 'game') {
    const moved = await callApi(page, '/wps/relay/GCS_walletTransfer', {
      method: 'POST',
      body: { from: 'MAIN', to: state.value.wallet.vendor, amount: fund.toFixed(2), idempotencyKey: crypto.randomUUID() },
    });
    expect(moved.success, JSON.stringify(moved)).toBe(true);
  }
  const bets = state.value.rules.bets.map(Number);
  let left = target;
  while (left > 0) {
    const bet = [...bets].reverse().find((b) => b <= left) ?? bets[0]!;
    const spun = await callApi(page, '/wps/sandbox/game/spin', { method: 'POST', body: { launch: launchToken, bet: bet.toFixed(2), idempotencyKey: crypto.randomUUID() } });
    expect(spun.success, JSON.stringify(spun)).toBe(true);
    left -= bet;
  }
}

/**
 * A real-money launch of game `nodeId` for the signed-in page; when its bets come from a game
 * wallet, `amount` (if any) is moved there from the main wallet first. Answers the game's address,
 * its launch token and its least stake.
 */
export async function launchFunded(page: Page, nodeId: number, amount?: string, roomId?: string): Promise<{ gameUrl: string; launch: string; chip: number }> {
  const launched = await callApi<{ content: { game_url: string } }>(page, `/wps/game/launchGame?nodeId=${nodeId}&accountType=1${roomId ? `&roomId=${roomId}` : ''}`);
  expect(launched.success, JSON.stringify(launched)).toBe(true);
  const gameUrl = launched.value.content.game_url;
  const launchToken = new URL(gameUrl).searchParams.get('launch')!;
  const state = await callApi<{ wallet: { kind: string; vendor: string } | null; rules: { bets: string[] } }>(page, `/wps/sandbox/game/state?launch=${launchToken}`);
  expect(state.success, JSON.stringify(state)).toBe(true);
  if (amount && state.value.wallet?.kind === 'game') {
    const moved = await callApi(page, '/wps/relay/GCS_walletTransfer', { method: 'POST', body: { from: 'MAIN', to: state.value.wallet.vendor, amount, idempotencyKey: crypto.randomUUID() } });
    expect(moved.success, JSON.stringify(moved)).toBe(true);
  }
  return { gameUrl, launch: launchToken, chip: Number(state.value.rules.bets[0]) };
}

/**
 * Waits until a shared table (a live table, or a PVP room: `table` is its node id or room id)
 * takes bets with at least 9 seconds left (the clicks of a bet fit well within them): a round
 * near its close, or not yet open, is drawn at once by the sandbox's operator command, and the
 * next one opens after the result's 8 seconds. Answers the round's number.
 */
export async function openLiveWindow(page: Page, launchToken: string, table: string): Promise<number> {
  for (let tries = 0; tries < 6; tries++) {
    const s = await callApi<{ table: { serverNow: string; current: { roundNo: number; opensAt: string; closesAt: string } | null } }>(page, `/wps/sandbox/live/state?launch=${launchToken}`);
    const now = Date.parse(s.value.table.serverNow);
    const r = s.value.table.current;
    if (r && Date.parse(r.opensAt) <= now && Date.parse(r.closesAt) - now >= 9_000) return r.roundNo;
    if (r && Date.parse(r.opensAt) > now) await page.waitForTimeout(Date.parse(r.opensAt) - now + 200);
    else if (r) {
      await ops('live', 'draw-now', '--table', table);
      await page.waitForTimeout(8_200);
    } else await page.waitForTimeout(1_000);
  }
  throw new Error('the table never opened a betting window');
}

/** Opens the verify page of a round from its history row's link (a new tab), checks it is the verify page in `lang` and that the seed matches its hash; answers the tab. */
export async function openVerify(row: Locator, lang: Lang): Promise<Page> {
  const [verify] = await Promise.all([row.page().context().waitForEvent('page'), row.getByRole('link').click()]);
  await verify.waitForLoadState();
  expect(new URL(verify.url()).pathname).toBe(at(lang, '/play/verify'));
  await expect(verify.getByTestId('hash-verdict')).toHaveText(pt(lang, 'verify.hashOk'));
  return verify;
}
