/** Player protection's server face (issue 28): what the doors of later features ask before money moves or a game starts. */
export { limitsOf } from './server/limits.ts';
export {
  adjustCounted,
  blockedSql,
  uplineViewSql,
  charge,
  countAnyway,
  membersWithLimit,
  limitRefusal,
  periodStartSql,
  release,
  stakeGuardCtes,
  limitCreditCtes,
  zoneLiteral,
} from './server/limits.ts';
export { blockOf, blockRefusal, loginGate, refuseIfBlocked, externallyExcluded, realityMinutesOf, sessionMinutesToday } from './server/state.ts';
export { refuseStake, refuseLaunch, isMarketable, noteLargeWin } from './server/doors.ts';
export { protectionSettings } from './server/settings.ts';
