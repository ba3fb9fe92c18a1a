/** The wallet's browser face: money formatting and amounts, the wallet calls, submission keys. */
export { amountText, submission, walletAmount } from './client/wallet.ts';
export { MAIN_WALLET, walletBalance, walletTransfer } from './contract.ts';
export type { BalanceValue } from './contract.ts';
export { checkAmount, compareAmounts, fromInput, money, toInput } from './islands/format.ts';
