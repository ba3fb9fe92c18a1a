/** The accounts feature's browser face: the session and site stores, form fields, and the flow helpers other parts use. */
export { $isAgent, $isLogin, $isTrial, $member, $sessionState, api, clearSession, startSession } from './client/session.ts';
export { $status, loadStatus } from './client/site.ts';
export { accountsCatalogue, authCatalogue, type AuthLabels } from './client/catalogues.ts';
export { Field, PasswordField } from './islands/fields.tsx';
export { FIRST_LOGIN_KEY, notAvailable, onPopupRoute, refuseTrial, routePath } from './islands/flow.ts';
/** The latest birthday old enough on a day (the birthday fields' `max`). */
export { latestBirthday } from './registerPatterns.ts';
