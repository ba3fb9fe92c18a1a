/**
 * The seamless-wallet door of real game vendors (contract: src/features/play/contract/vendor-wallet.ts).
 * A vendor launched through the http game provider names its player by the launch token and
 * moves money only through the wallet's game-play interface (server/wallet/game-play.ts), so
 * every bet, win and refund is keyed by the vendor's round id and takes effect once.
 */
import { noteLargeWin } from '../../protection/index.ts';
import { vendorWallet, type VendorWalletBody } from '../contract/vendor-wallet.ts';
import { formatMinor, parseMinor } from '../../../kernel/money.ts';
import { clock } from '../../../kernel/clock.ts';
import { db as processDb, type Db } from '../../../kernel/db/index.ts';
import { ApiError } from '../../../kernel/http/errors.ts';
import { route, type HandlerContext } from '../../../kernel/http/dispatch.ts';
import { log } from '../../../kernel/log.ts';
import { gameWalletSecret, verifyWalletCall, WALLET_CALL_MAX_SKEW_MS } from '../../../providers/games/signature.ts';
import { payPart, placeBet, raiseStake, refundRound, resettleRound, roundOwner, settleRound, voidRound, type RoundAnswer } from '../../wallet/index.ts';
import { pgCode } from '../../../kernel/idempotency.ts';
import { balancesOf } from '../../wallet/index.ts';
import { betRequest } from './sandbox/provider.ts';
import { gameSessionEvenEnded, resolveSession } from './play.ts';

export interface VendorWalletAnswer {
  balance: string;
  roundId?: string;
  /** A raise's round stake after it. */
  bet?: string;
  status?: RoundAnswer['status'];
  win?: string | null;
  unrecovered?: string;
}

type Session = Awaited<ReturnType<typeof resolveSession>>;

/** How far ahead a debit's result may be due (settleBy). */
const SETTLE_BY_MAX_MS = 366 * 86_400_000;

/** A field the action needs and the body lacks: 400 request.invalid with the field named. */
function required<T>(value: T | undefined, field: string, ctx?: HandlerContext): T {
  if (value === undefined) throw new ApiError(400, 'request.invalid', {}, { [field]: ctx ? ctx.t('errors:field.required') : 'required' });
  return value;
}

/**
 * The round a credit or refund names must be this player's, in this session's vendor; anything
 * else (another member's round, another vendor's, none) is 'unknown', so a vendor cannot learn
 * whether a round id exists, nor touch a round that is not its player's. A round's member and
 * vendor never change, so reading them before the settle is safe.
 */
async function ownRound(db: Db, s: Session, roundId: string): Promise<void> {
  const row = await roundOwner(db, roundId);
  if (!row || row.memberId !== s.memberId || row.vendor !== s.game.vassalage) {
    if (row) log.warn('game.wallet.foreign.round', { roundId, sessionMember: s.memberId, vendor: s.game.vassalage });
    throw new ApiError(404, 'wallet.round.unknown');
  }
}

/** Checks the signature and the time, then does what the vendor asks, once per round id. */
export async function handleVendorWalletCall(db: Db, body: VendorWalletBody, ctx?: HandlerContext): Promise<VendorWalletAnswer> {
  if (!verifyWalletCall(body, await gameWalletSecret(db))) {
    log.warn('game.wallet.signature', { action: body.action, roundId: body.roundId });
    throw new ApiError(401, 'game.wallet.signature');
  }
  if (Math.abs(clock.now() - body.timestamp) > WALLET_CALL_MAX_SKEW_MS) throw new ApiError(400, 'game.wallet.stale');

  // A credit or a refund closes a round opened while the session lived: it lands even once the
  // session has ended (a logout, a break or an exclusion ends it), and ownRound checks the round.
  // A raise is a new stake: it needs a live session, as a debit does.
  const settling = body.action !== 'balance' && body.action !== 'debit' && body.action !== 'raise';
  const s = await resolveSession(db, body.token).catch(async (err: unknown) => {
    const ended = settling && err instanceof ApiError && err.errorCode === 'game.session.invalid' ? await gameSessionEvenEnded(db, body.token) : null;
    if (!ended) throw err;
    return ended as unknown as Awaited<ReturnType<typeof resolveSession>>;
  });
  // A sandbox session is served in process; its token is not a vendor's to use.
  if (s.provider !== 'http') throw new ApiError(401, 'game.session.invalid');
  // The vendor plays demo with its own play money: the wallet has nothing to do with it.
  if (s.demo) throw new ApiError(409, 'game.demo.wallet');

  const amount = () => parseMinor(required(body.amount, 'amount', ctx), 2)!;
  let r: RoundAnswer;
  switch (body.action) {
    case 'balance':
      return { balance: formatMinor((await balancesOf(db, [s.wallet])).get(s.wallet) ?? 0n) };
    case 'debit': {
      const roundId = required(body.roundId, 'roundId', ctx);
      const bet = amount();
      try {
        // A due time within a year (a season's outright); absent, the request is the one it always was (its idempotency hash too).
        if (body.settleBy !== undefined && body.settleBy > clock.now() + SETTLE_BY_MAX_MS)
          throw new ApiError(400, 'request.invalid', {}, { settleBy: ctx ? ctx.t('errors:field.invalid') : 'invalid' });
        r = await placeBet(db, { ...betRequest(s, roundId, bet), ...(body.settleBy === undefined ? {} : { settleBy: body.settleBy }) });
      } catch (err) {
        // The round id is taken by a round of another member: no record of this member's bet
        // replays, and the round's primary key refused it.
        if (pgCode(err) === '23505') throw new ApiError(409, 'wallet.idempotency.conflict');
        throw err;
      }
      break;
    }
    case 'raise': {
      const roundId = required(body.roundId, 'roundId', ctx);
      const transactionId = required(body.transactionId, 'transactionId', ctx);
      const more = amount();
      await ownRound(db, s, roundId);
      const p = await raiseStake(db, roundId, s.memberId!, more, transactionId);
      return { balance: p.balance, roundId: p.roundId, status: p.status, bet: p.bet };
    }
    case 'credit': {
      const roundId = required(body.roundId, 'roundId', ctx);
      const win = amount();
      await ownRound(db, s, roundId);
      r = await settleRound(db, roundId, win);
      // The round's whole win (its parts paid before, and this last one) is what a large win is.
      await noteLargeWin(db, s.memberId!, parseMinor(r.win ?? '0', 2) ?? win, { roundId, vendor: s.game.vassalage });
      break;
    }
    case 'part': {
      const roundId = required(body.roundId, 'roundId', ctx);
      const transactionId = required(body.transactionId, 'transactionId', ctx);
      const part = amount();
      await ownRound(db, s, roundId);
      // The round's win is noted as large when its closing credit settles it.
      const p = await payPart(db, roundId, part, transactionId);
      return { balance: p.balance, roundId: p.roundId, status: p.status, win: p.win };
    }
    case 'refund':
    case 'cancel': {
      const roundId = required(body.roundId, 'roundId', ctx);
      await ownRound(db, s, roundId);
      r = await refundRound(db, roundId);
      break;
    }
    case 'resettle': {
      const roundId = required(body.roundId, 'roundId', ctx);
      const transactionId = required(body.transactionId, 'transactionId', ctx);
      const win = amount();
      await ownRound(db, s, roundId);
      const c = await resettleRound(db, roundId, win, transactionId);
      return { balance: c.balance, roundId: c.roundId, status: c.status, win: c.win, unrecovered: c.unrecovered };
    }
    case 'void': {
      const roundId = required(body.roundId, 'roundId', ctx);
      const transactionId = required(body.transactionId, 'transactionId', ctx);
      await ownRound(db, s, roundId);
      const c = await voidRound(db, roundId, transactionId);
      return { balance: c.balance, roundId: c.roundId, status: c.status, win: c.win, unrecovered: c.unrecovered };
    }
  }
  return { balance: r.balance, roundId: r.roundId, status: r.status };
}

export const vendorWalletRoutes = [route(vendorWallet, async ({ body }, ctx) => handleVendorWalletCall(await processDb(), body, ctx))];
