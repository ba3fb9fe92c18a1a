/** The promotions feature's server face: what pages and later features may use. */
export { memberStatuses, publicStatus, runPromotions } from './server/engine.ts';
export { promotionRules, runningOffers, vipLevelName } from './server/settings.ts';
/** Applications waiting for an operator's decision, and the decision (the command's and the console's). */
export { decideApplication, pendingApplications } from './server/engine.ts';
/** Raffle tickets given by the points mall's items (src/app/features.ts wires them in). */
export { grantRaffleTickets, raffleTitle } from './server/raffle.ts';
