/**
 * The real game gateway (switched on by GAME_PROVIDER=http or GAME_HTTP_VENDORS): launch asks the
 * gateway for the game's address, and the gateway's games move money through the seamless-wallet
 * door, POST /wps/game/wallet/http (contract: src/features/play/contract/vendor-wallet.ts, handler:
 * src/features/play/server/vendor-wallet.ts), signed as ./signature.ts says.
 *
 * `POST ${GAME_HTTP_URL}/launch` with `Authorization: Bearer ${GAME_HTTP_TOKEN}` and the JSON
 * `{ token, gameCode, vendor, demo, language, currency, walletUrl }` (and `lotto: { area, prizeMode,
 * view }` for a lottery vendor's launch) answers `{ url }`, the
 * absolute http(s) address the player's window opens. The token is the game session's launch
 * token: the game names its player by it in every wallet call. `walletUrl` is
 * `${GAME_WALLET_CALLBACK_ORIGIN or the launch request's origin}/wps/game/wallet/http`.
 * Any failure (unreachable, timeout, non-2xx, no valid url) is 502 `game.provider.unavailable`.
 */
import { brand } from '../../kernel/brand/index.ts';
import { ApiError } from '../../kernel/http/errors.ts';
import { log } from '../../kernel/log.ts';
import type { GameProvider, LaunchSpec } from './types.ts';

/** The path of the seamless-wallet door on this site. */
export const GAME_WALLET_PATH = '/wps/game/wallet/http';
const LAUNCH_TIMEOUT_MS = 10_000;

/** Where the gateway sends its wallet calls for a launch made at `origin`. */
export function gameWalletUrl(origin: string | undefined, env: NodeJS.ProcessEnv = process.env): string | null {
  const base = env.GAME_WALLET_CALLBACK_ORIGIN || origin;
  return base ? `${base.replace(/\/+$/, '')}${GAME_WALLET_PATH}` : null;
}

export function httpGameProvider(env: NodeJS.ProcessEnv = process.env): GameProvider {
  return {
    code: 'http',
    async launchUrl(spec: LaunchSpec) {
      try {
        return await askLaunch(spec, env);
      } catch (err) {
        log.warn('game.http.launch.failed', { vendor: spec.vassalage, gameCode: spec.gameCode, error: err instanceof Error ? err.message : String(err) });
        throw new ApiError(502, 'game.provider.unavailable');
      }
    },
  };
}

async function askLaunch(spec: LaunchSpec, env: NodeJS.ProcessEnv): Promise<string> {
  const base = env.GAME_HTTP_URL;
  if (!base) throw new Error('GAME_HTTP_URL is not set');
  const walletUrl = gameWalletUrl(spec.origin, env);
  if (!walletUrl) throw new Error('no origin for the wallet url (set GAME_WALLET_CALLBACK_ORIGIN)');
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  if (env.GAME_HTTP_TOKEN) headers.authorization = `Bearer ${env.GAME_HTTP_TOKEN}`;
  const res = await fetch(new URL('launch', base.endsWith('/') ? base : `${base}/`), {
    method: 'POST',
    // Never follow a redirect: a partner's answer must not send our signed call elsewhere.
    redirect: 'error',
    headers,
    body: JSON.stringify({
      token: spec.token,
      gameCode: spec.gameCode,
      vendor: spec.vassalage,
      demo: spec.demo,
      language: spec.locale,
      currency: brand().currency,
      walletUrl,
      // A lottery vendor's own lobby: what launchGame's lottery form asked for.
      ...(spec.lotto ? { lotto: spec.lotto } : {}),
    }),
    signal: AbortSignal.timeout(LAUNCH_TIMEOUT_MS),
  });
  if (!res.ok) {
    await res.body?.cancel();
    throw new Error(`game gateway answered ${res.status} to launch`);
  }
  const answer = (await res.json()) as { url?: unknown } | null;
  const url = answer && typeof answer === 'object' ? answer.url : undefined;
  if (typeof url !== 'string') throw new Error('game gateway answered no url');
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error('game gateway answered an invalid url');
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new Error(`game gateway answered a ${parsed.protocol} url`);
  return parsed.href;
}
