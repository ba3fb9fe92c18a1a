/**
 * A game provider: who serves a vendor's games. The lobby asks it for the address the player's
 * window opens; its game then moves money through the wallet's game-play interface, either in
 * process (the sandbox) or through the seamless-wallet door a real vendor calls back
 * (POST /wps/game/wallet/http, see ./http.ts).
 */
import type { Locale } from '../../kernel/locales.ts';

export interface LaunchSpec {
  /** The game session's launch token (the only way the game names its player). */
  token: string;
  demo: boolean;
  gameCode: string;
  vassalage: string;
  locale: Locale;
  /** Turns a site path into the page language's path ('/play' -> '/es/play'). */
  playPath: (path: string) => string;
  /** The origin the launch request came to (the vendor's wallet calls go back to it unless GAME_WALLET_CALLBACK_ORIGIN says otherwise). */
  origin?: string;
  /** The site's public address as the player reached it: the sandbox's game page is served there. */
  publicOrigin?: string;
  /** Where the game's way back (its lobby button) leads: a path on this site; null: the site's home. */
  backPath?: string | null;
  /** A lottery vendor's launch (launchGame's lottery form, wire notes): its area, prize mode and view, passed on as sent. */
  lotto?: LottoLaunch;
}

export interface LottoLaunch {
  area?: string;
  prizeMode?: string;
  view?: string;
}

export interface GameProvider {
  /** Stored on the game session: 'sandbox' or 'http'. */
  code: 'sandbox' | 'http';
  /** The absolute address the player's window opens (a vendor's, or the sandbox's game page on this site). */
  launchUrl(spec: LaunchSpec): Promise<string>;
}
