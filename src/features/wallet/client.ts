/** The wallet's browser face: money formatting and amounts, the wallet calls, submission keys. */
export { amountText, announceWallet, onWalletNews, refreshBalance, submission, walletAmount, type WalletNews } from './client/wallet.ts';
/** A game window's wallet brought back to main as the window goes away (the game page's). */
export { bringBackOnLeave } from './client/leaving.ts';
export { MAIN_WALLET, walletBalance, walletTransfer } from './contract.ts';
export type { BalanceValue } from './contract.ts';
export { checkAmount, compareAmounts, fromInput, money, toInput } from './islands/format.ts';
/**
 * The record lists' pieces, for other features' lists (the agent back office's reports): the
 * period picker (7 and 30 days), tables that turn into cards on a phone, the pager, the load
 * states. They read the wallet's words: wrap them in WalletLabelsContext with loadWalletLabels.
 */
export { Pager, RangeFilter, RecordTable, WhenLoaded, type Column } from './islands/records.tsx';
export { Empty, today, useLoad, WalletLabelsContext, type Loaded } from './islands/ui.tsx';
export { loadWalletLabels } from './islands/labels.ts';
export { withWalletLabels } from './islands/with-labels.tsx';
export { dateTime, dayLabel, lastDays, type DayRange } from './islands/format.ts';
