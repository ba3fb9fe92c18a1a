/** Every declared call, for the dispatcher's completeness test and the browser client. */
import { systemCalls } from './system.ts';
import { gameCalls } from './games.ts';
import { contentCalls } from './content.ts';
import { accountCalls } from './accounts.ts';
import { walletCalls } from './wallet.ts';
import { favouriteCalls } from './favourites.ts';
import { playCalls } from './play.ts';
import { vendorWalletCalls } from './vendor-wallet.ts';

export const allCalls = [...systemCalls, ...gameCalls, ...contentCalls, ...accountCalls, ...walletCalls, ...favouriteCalls, ...playCalls, ...vendorWalletCalls];
