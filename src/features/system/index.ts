/** The system feature's server face: what the app and later features may use. */
export { provideStatusOffers } from './server/routes.ts';
export { COUNTRIES } from './server/countries.ts';
export { buildBlockList, normaliseIp } from './server/status.ts';
