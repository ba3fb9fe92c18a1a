/**
 * Picks the game provider of a vendor. The embedded default is the sandbox, which plays every
 * catalogue game on this machine; `GAME_PROVIDER=http` sends every vendor to the real gateway of
 * ./http.ts, and `GAME_HTTP_VENDORS=PG,PP` only the vendors listed.
 */
import type { GameProvider } from './types.ts';
import { httpGameProvider } from './http.ts';

const sandbox: GameProvider = {
  code: 'sandbox',
  async launchUrl(spec) {
    // Absolute: clients of the existing API open it in a web view or check it with new URL().
    const back = spec.backPath ? `&back=${encodeURIComponent(spec.backPath)}` : '';
    return `${spec.publicOrigin ?? ''}${spec.playPath('/play')}?launch=${spec.token}${back}`;
  },
};

export function gameProviderFor(vassalage: string, env: NodeJS.ProcessEnv = process.env): GameProvider {
  const listed = (env.GAME_HTTP_VENDORS ?? '')
    .split(',')
    .map((v) => v.trim().toUpperCase())
    .filter(Boolean);
  if (env.GAME_PROVIDER === 'http' || listed.includes(vassalage)) return httpGameProvider(env);
  return sandbox;
}
