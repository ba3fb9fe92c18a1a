/** Handlers of the wallet calls (contract: ../contract.ts). */
import { paymentCallbackOrigin } from '../../../kernel/http/origins.ts';
import {
  betRecords,
  bonusRecords,
  bonusList,
  bonusForfeit,
  depositChannels,
  depositCreate,
  depositOrders,
  merchantWallet,
  paymentCallback,
  paymentCallbackHttp,
  profitReport,
  sandboxOrder,
  sandboxPay,
  transactionRecords,
  uplineTransfer,
  walletBalance,
  walletTransfer,
  withdrawals,
  withdrawConfirm,
  withdrawCreate,
  withdrawInfo,
} from '../contract.ts';
import { requireRealAccount } from '../../accounts/index.ts';
import { clock } from '../../../kernel/clock.ts';
import { brand } from '../../../kernel/brand/index.ts';
import { db } from '../../../kernel/db/index.ts';
import { route } from '../../../kernel/http/dispatch.ts';
import { balanceView, walletVendors } from './balance.ts';
import { createDeposit, depositChannelsView, handlePaymentCallback, paySandboxOrder, sandboxOrderView } from './deposits.ts';
import { betsPage, bonusPage, depositOrdersPage, profitReport as profit, transactionsPage, withdrawalsPage } from './records.ts';
import { transferBetweenWallets, transferToUpline } from './transfers.ts';
import { autoReceiveDue, confirmWithdrawal, requestWithdrawal, withdrawInfoView } from './withdrawals.ts';
import { endBonus, memberBonuses } from './bonuses.ts';
import { money } from './amounts.ts';

export const walletRoutes = [
  route(walletBalance, async (_input, ctx) => balanceView(await db(), requireRealAccount(ctx).memberId)),
  route(merchantWallet, async (_input, ctx) => {
    requireRealAccount(ctx);
    return { isSingle: brand().wallet.singleWallet, vendors: await walletVendors(await db()) };
  }),
  route(walletTransfer, async ({ body }, ctx) => transferBetweenWallets(await db(), requireRealAccount(ctx).memberId, body)),
  route(uplineTransfer, async ({ body }, ctx) => transferToUpline(await db(), requireRealAccount(ctx).memberId, body)),
  route(depositChannels, (_input, ctx) => {
    requireRealAccount(ctx);
    return depositChannelsView(ctx.locale);
  }),
  route(depositCreate, async ({ body }, ctx) => createDeposit(await db(), requireRealAccount(ctx).memberId, body, paymentCallbackOrigin())),
  route(depositOrders, async ({ query }, ctx) => depositOrdersPage(await db(), requireRealAccount(ctx).memberId, query)),
  route(paymentCallback, async ({ body }) => handlePaymentCallback(await db(), 'sandbox', body)),
  route(paymentCallbackHttp, async ({ body }) => handlePaymentCallback(await db(), 'http', body)),
  route(sandboxOrder, async ({ query }) => sandboxOrderView(await db(), query.orderId)),
  route(sandboxPay, async ({ body }) => paySandboxOrder(await db(), body.orderId, body.outcome)),
  route(bonusList, async (_input, ctx) => memberBonuses(await db(), requireRealAccount(ctx).memberId, ctx.locale)),
  route(bonusForfeit, async ({ body }, ctx) => ({ recovered: money(await endBonus(await db(), requireRealAccount(ctx).memberId, body.id, 'forfeited')) })),
  route(withdrawInfo, async (_input, ctx) => withdrawInfoView(await db(), requireRealAccount(ctx).memberId)),
  route(withdrawCreate, async ({ body }, ctx) => requestWithdrawal(await db(), requireRealAccount(ctx).memberId, body)),
  route(withdrawals, async ({ query }, ctx) => {
    const memberId = requireRealAccount(ctx).memberId;
    const d = await db();
    // The list is where a player looks for a payout's fate: settle the overdue ones first.
    await autoReceiveDue(d, clock.now());
    return withdrawalsPage(d, memberId, query);
  }),
  route(withdrawConfirm, async ({ body }, ctx) => confirmWithdrawal(await db(), requireRealAccount(ctx).memberId, body)),
  route(transactionRecords, async ({ query }, ctx) => transactionsPage(await db(), requireRealAccount(ctx).memberId, query)),
  route(betRecords, async ({ query }, ctx) => betsPage(await db(), requireRealAccount(ctx).memberId, query)),
  route(profitReport, async ({ query }, ctx) => profit(await db(), requireRealAccount(ctx).memberId, query)),
  route(bonusRecords, async ({ query }, ctx) => bonusPage(await db(), requireRealAccount(ctx).memberId, query)),
];
