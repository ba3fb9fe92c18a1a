/**
 * A game's launch in the browser (spec 4), for the tiles' Play and Demo (lobby.ts) and the room
 * picker (RoomPopup.tsx): the window is opened at once, synchronously in the click (popup blockers
 * allow only that), the server is asked (launchGame, with the PVP room when one was picked) and
 * the window is then sent to the game's address. A free demo is asked of GCS_gameTrialLaunch,
 * which serves visitors and trial accounts too (a guest's demo) and a member's demo as launchGame. A blocked window or a refusal is said in a
 * dialog (a trial account gets the 'real account needed' prompt) and the blank window is closed.
 */
import { ApiFailure } from '../../../../kernel/http/client.ts';
import type { LaunchGame } from '../../../games/client.ts';
import { loadRecent } from '../../client/recent.ts';
import { api } from '../../../accounts/client.ts';
import { showDialog } from '../../../../ui/stores/ui.ts';
import { gameTrialLaunch, launchGame } from '../../contract/play.ts';
import { refuseTrial } from '../../../accounts/client.ts';
import { loadLabels, pageLang } from '../../../../shell/labels.tsx';
import { loadLobbyLabels } from './labels.ts';
import { playsSeamless } from '../../client/seamless.ts';

async function say(text: string): Promise<void> {
  await showDialog({ kind: 'error', text });
}

export interface LaunchOptions {
  /** '1' real money (Play), '0' free demo. */
  accountType: '0' | '1';
  /** The PVP room picked (real money only). */
  roomId?: string;
  /** A blocked window is not said (the caller offers a button instead). */
  quietBlock?: boolean;
  /** The window the caller opened in the click itself (null: the browser blocked it); absent: opened here. */
  window?: Window | null;
}

/**
 * Launches `game`; call it synchronously in a click. Answers false when the browser blocked the
 * window (nothing was asked of the server). A game the brand plays seamlessly opens in this
 * window's /seamless page instead (no new window).
 */
export function launch(game: Pick<LaunchGame, 'nodeId' | 'vassalage'> & { name?: string }, o: LaunchOptions): boolean {
  if (playsSeamless(game.vassalage)) {
    o.window?.close();
    const q = new URLSearchParams({
      nodeId: String(game.nodeId),
      vassalage: game.vassalage,
      accountType: o.accountType,
      ...(o.roomId ? { roomId: o.roomId } : {}),
      ...(game.name ? { name: game.name } : {}),
    });
    window.location.assign(`${pageLang() === 'en' ? '' : `/${pageLang()}`}/seamless?${q}`);
    return true;
  }
  const w = o.window !== undefined ? o.window : window.open('', '_blank');
  if (!w) {
    if (!o.quietBlock) void loadLobbyLabels().then((l) => say(l.launch.popupBlocked));
    return false;
  }
  void (async () => {
    try {
      const v = await api().call(o.accountType === '0' ? gameTrialLaunch : launchGame, {
        query: {
          nodeId: String(game.nodeId),
          vassalage: game.vassalage,
          accountType: o.accountType,
          language: pageLang().toUpperCase(),
          ...(o.roomId ? { roomId: o.roomId } : {}),
        },
      });
      const url = new URL(v.content.game_url, window.location.href);
      // The game page is the site's own; the new window keeps no handle on this one.
      try {
        w.opener = null;
      } catch {
        /* cross-origin already */
      }
      w.location.href = url.href;
      // A launch makes the game recent (spec 7): /recent shows it at once.
      if (document.querySelector('[data-recent-list]')) void loadRecent().catch(() => undefined);
    } catch (err) {
      w.close();
      if (err instanceof ApiFailure && err.errorCode === 'account.trial') await refuseTrial(await loadLabels(pageLang()));
      else await say(err instanceof Error ? err.message : (await loadLobbyLabels()).launch.failed);
    }
  })();
  return true;
}
