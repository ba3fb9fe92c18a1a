/** The wallet's browser face: money formatting and amounts, the wallet calls, submission keys. */
export { amountText, announceWallet, onWalletNews, refreshBalance, submission, walletAmount, type WalletNews } from './client/wallet.ts';
/** A game window's wallet brought back to main as the window goes away (the game page's). */
export { bringBackOnLeave } from './client/leaving.ts';
export { MAIN_WALLET, walletBalance, walletTransfer } from './contract.ts';
export type { BalanceValue } from './contract.ts';
export { checkAmount, compareAmounts, fromInput, money, toInput } from './islands/format.ts';
