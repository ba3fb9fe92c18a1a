/**
 * The feature list, in dependency order: a feature may use the ones before it, never after
 * (.dependency-cruiser.cjs checks the same order). This is the one place that knows every
 * feature; the API, the ops command, the server's jobs, the demo seed and the schema check are
 * built from these manifests. Adding a feature: its folder, and one line here (and in the walls'
 * FEATURES list and src/app/pages.ts when it has pages).
 */
import type { FeatureManifest } from '../kernel/feature.ts';
import { manifest as system } from '../features/system/manifest.ts';
import { manifest as accounts } from '../features/accounts/manifest.ts';
import { manifest as protection } from '../features/protection/manifest.ts';
import { manifest as games } from '../features/games/manifest.ts';
import { manifest as wallet } from '../features/wallet/manifest.ts';
import { manifest as play } from '../features/play/manifest.ts';
import { manifest as lottery } from '../features/lottery/manifest.ts';
import { manifest as content } from '../features/content/manifest.ts';
import { manifest as points } from '../features/points/manifest.ts';
import { manifest as promotions } from '../features/promotions/manifest.ts';
import { manifest as inbox } from '../features/inbox/manifest.ts';
import { manifest as agent } from '../features/agent/manifest.ts';
import { manifest as home } from '../features/home/manifest.ts';
import { manifest as support } from '../features/support/manifest.ts';
import { manifest as consoleFeature } from '../features/console/manifest.ts';
import { provideStatusOffers } from '../features/system/index.ts';
import { provideAccountGates, provideVipLevelName } from '../features/accounts/index.ts';
import { externallyExcluded, loginGate, protectionSettings } from '../features/protection/index.ts';
import { provideMinimumAge } from '../features/content/index.ts';
import { ApiError } from '../kernel/http/errors.ts';
import { provideClientConfigEntries } from '../kernel/client-config.ts';
import { grantRaffleTickets, raffleTitle, runningOffers, vipLevelName } from '../features/promotions/index.ts';
import { pointsRules, provideRaffleTickets } from '../features/points/index.ts';

export const FEATURES: readonly FeatureManifest[] = [system, accounts, protection, games, wallet, play, lottery, content, points, promotions, inbox, agent, home, support, consoleFeature];

// What earlier features say of a later one's programmes (the status's hasVip and REFERRAL entry,
// a member's VIP label): the promotions tell them here, since they may not ask.
provideStatusOffers(() => ({ ...runningOffers(), points: pointsRules() !== undefined }));
provideVipLevelName(vipLevelName);
// The points mall's raffle-ticket items give tickets in the promotions' raffles.
provideRaffleTickets({ grant: grantRaffleTickets, title: raffleTitle });
// Player protection guards the account's doors (login, registration), which come before it.
provideAccountGates({
  login: loginGate,
  register: async (db, ids) => {
    if (await externallyExcluded(db, [ids.mobile, ids.email, ids.idNumber])) throw new ApiError(403, 'protection.blocked.register');
  },
  sessionClock: () => protectionSettings().sessionClock,
  minimumAge: () => protectionSettings().minimumAge,
});
// The content seed's {{minimumAge}} is the brand's (its help and promotions state it).
provideMinimumAge(() => protectionSettings().minimumAge);
// The page's client config carries the minimum age (the registration's terms and birthday say it).
provideClientConfigEntries(() => ({ minimumAge: protectionSettings().minimumAge }));

/** Every event the features declare (their contracts), in the features' order. */
export const EVENTS = FEATURES.flatMap((f) => f.events ?? []);

/** Every consumer of the outbox; some are made from the declared events (the inbox's messages). */
export const CONSUMERS = FEATURES.flatMap((f) => (typeof f.consumers === 'function' ? f.consumers(EVENTS) : (f.consumers ?? [])));
