/** The accounts feature's server face: what other features' server code and pages may use. */
export { AGENT_TYPES, isAgentType, PLAYER_TYPE } from './contract.ts';
export { findById, findByUsername } from './server/members.ts';
export type { Member } from './server/members.ts';
export { passwords } from './server/passwords.ts';
export { DEMO_ACCOUNTS } from './server/seed.ts';
export { callerSession, sessionOfToken, keepSessionAlive, sessionTouchDue, requireRealAccount, revokeMemberSessions, revokeSession, sessionOf } from './server/sessions.ts';
export { provideAccountGates, type AccountGates } from './server/gates.ts';
/** Read-only for joins by later features (a game session lives while its login session does); only accounts writes them. */
export { member, memberSession } from './server/tables.ts';
export { ageNow, birthdayAsked, creatableTypes, registerDownline } from './server/downline.ts';
export { createMember, setMemberFrozen } from './server/members.ts';
export { disableTotp } from './server/second-factor.ts';
export { provideVipLevelName, raiseVipLevel, vipLabel } from './server/profile.ts';
