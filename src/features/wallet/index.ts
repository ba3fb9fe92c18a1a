/** The wallet feature's server face: what other features' server code and pages may use. */
export { gameAccount, mainAccount, pointsAccount, POINTS_CURRENCY } from './server/accounts.ts';
/** Points in the ledger (issue 32): the points feature earns, spends and converts through these. */
export { convertPoints, earnPoints, earnPointsOnce, pointsBalance, pointsByType, pointsMovements, spendPoints } from './server/points.ts';
export { isShortOfMoney } from './server/ledger.ts';
export { checkPaymentPassword } from './server/payment-password.ts';
export {
  payPart,
  placeBet,
  playRound,
  playRoundAtOnce,
  raiseStake,
  raiseStakeIn,
  refundRound,
  resettleRound,
  resettleRoundIn,
  roundOwner,
  settleRound,
  voidRound,
  voidRoundIn,
  type EngineWrites,
} from './server/game-play.ts';
export type { BetRequest, CorrectionAnswer, RoundAnswer } from './server/game-play.ts';
export { openRounds, refundRounds, settleRounds, type BatchOutcome, type RoundResult } from './server/round-batches.ts';
export { balancesOf, payFromHouse } from './server/ledger.ts';
export { balanceView } from './server/balance.ts';
export type { Tx } from './server/ledger.ts';
/** Read-only for joins by later features (an agent's team balances); only the wallet writes it. */
export { gameRound, ledgerAccount, ledgerEntry, ledgerTransfer, memberDay, paymentCallback, paymentOrder, withdrawal } from './server/tables.ts';
/** The operator's review of a withdrawal (the ops command's and the console's). */
export { payWithdrawal, rejectWithdrawal } from './server/withdrawals.ts';
export { adjustBalance } from './server/adjustments.ts';
export { dayRange, MAX_RANGE_DAYS } from './server/records.ts';
export type { DayRange } from './server/records.ts';
export { changedDays, PAID_WITHDRAWAL, rebuildDailyFigures, takeChangedDay } from './server/daily.ts';
export { seedMoneyHistory } from './server/seed-history.ts';
export type { HistoryGame, HistoryMember } from './server/seed-history.ts';
export { grantBonus, type GrantBonus } from './server/bonuses.ts';
export { channelName, firstPaidDeposit, paidDepositCount } from './server/deposits.ts';
export { money } from './server/amounts.ts';
