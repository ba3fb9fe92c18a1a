/**
 * The assembled API: every feature's routes (their manifests) behind one dispatcher, with the system status gate.
 * Used by the production server (./site.ts), by `astro dev` and by the API tests.
 */
import type { CallDef } from '../kernel/contract.ts';
import { FEATURES } from './features.ts';
import { openEnvelope } from '../kernel/envelope/server.ts';
import { resolveSession } from '../features/accounts/server/sessions.ts';
import { db } from '../kernel/db/index.ts';
import { createDispatcher, type HandlerContext, type Route } from '../kernel/http/dispatch.ts';
import { ApiError } from '../kernel/http/errors.ts';
import { statusFor, systemState } from '../features/system/server/status.ts';
import { refreshBrand } from '../kernel/brand/index.ts';
import { refreshContent } from '../features/content/index.ts';
import { CONSOLE_PREFIX, consoleAddressGate, provideCommands, resolveStaff } from '../features/console/index.ts';
import { COMMANDS, runOps } from './ops.ts';
import { CHAT_API_PREFIX } from '../features/support/contract.ts';

// The console runs the operator commands through the same function as `npm run ops`.
provideCommands(COMMANDS, runOps);

export const allRoutes: Route[] = FEATURES.flatMap((f) => f.routes) as Route[];

/**
 * Server-to-server doors, authenticated by their signatures: a payment provider's callbacks and a
 * game vendor's seamless-wallet calls. They answer during maintenance and from any region, so
 * money already on its way (a paid deposit, a win of a round in play) settles instead of waiting
 * or, for a round, being refunded by the sweeper.
 */
const SERVER_DOORS = ['/wps/payment/callback/', '/wps/game/wallet/'];
/** Calls a visitor kept out by maintenance or a region block may still make: the live chat, where those screens send them. */
const OPEN_DURING_STATUS = [CHAT_API_PREFIX];

/** While the site is in maintenance or the caller's region is blocked, only /wps/system and the server doors answer. */
async function statusGate(call: CallDef, ctx: HandlerContext): Promise<void> {
  // The console answers in maintenance and from a blocked region (staff end them), but only from
  // the brand's allowed addresses.
  if (call.path.startsWith(CONSOLE_PREFIX)) return consoleAddressGate(ctx);
  if (call.path.startsWith('/wps/system/') || [...SERVER_DOORS, ...OPEN_DURING_STATUS].some((p) => call.path.startsWith(p))) return;
  const status = statusFor(await systemState(), ctx.ip);
  if (status === 1) throw new ApiError(503, 'system.maintenance');
  if (status === 2) throw new ApiError(403, 'system.region.restricted');
}

/** Builds the API handler. */
export function createApi(options: { checkAnswers?: boolean } = {}) {
  return createDispatcher({
    routes: allRoutes,
    // The brand's flags and rules and the published content as operators last set them (each read at
    // most once a second), then the status gate.
    beforeCall: async (call, ctx) => {
      await Promise.all([refreshBrand(), refreshContent()]);
      await statusGate(call, ctx);
    },
    resolveSession: async (token, _ctx, o) => resolveSession(await db(), token, o),
    resolveStaff,
    openEnvelope,
    checkAnswers: options.checkAnswers ?? process.env.CONTRACT_CHECK_ANSWERS === '1',
  });
}
