/** The promotions feature's server face: what pages and later features may use. */
export { memberStatuses, publicStatus, runPromotions } from './server/engine.ts';
export { promotionRules, runningOffers, vipLevelName } from './server/settings.ts';
