/** The play feature's server face: what later features' server code may use (the promotions' free spins). */
export { activeGrant, freeSpinStake, freeSpinsView, grantByReference, grantFreeSpins } from './server/free-spins.ts';
export type { FreeSpinGrant, FreeSpinsView, NewFreeSpins } from './server/free-spins.ts';
export { jackpotNow, type JackpotNow } from './server/jackpot.ts';
export { fairnessOfRounds, type RoundFairness } from './server/sandbox/fairness-of.ts';
