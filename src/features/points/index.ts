/** The points feature's server face (issue 32): what later features may use. */
export { BET_POINT_TYPES, pointsRules } from './server/settings.ts';
