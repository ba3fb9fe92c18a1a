/** The points feature's server face (issue 32): what later features may use. */
export { BET_POINT_TYPES, pointsRules } from './server/settings.ts';
export { provideRaffleTickets } from './server/mall.ts';
/** The operator's side of the mall (the console's screen). */
export { listAllRedemptions, setRedemptionStatus } from './server/mall.ts';
