/** The system feature's server face: what the app and later features may use. */
export { provideStatusOffers } from './server/routes.ts';
export { COUNTRIES } from './server/countries.ts';
export { buildBlockList, normaliseIp } from './server/status.ts';
/** Operators' changes of the brand in force (the commands' and the console's one code path). */
export { brandRules, changeBrand, changeMaintenance, changeRegions, resetBrandRules, siteStatus } from './server/brand-admin.ts';
