/**
 * Operator commands of the wallet: review withdrawals (approve pays out, reject releases the
 * hold), adjust a member's balance with a reason, and audit the ledger's invariants.
 */
import { randomBytes } from 'node:crypto';
import type { Db } from '../../../kernel/db/index.ts';
import { ApiError } from '../../../kernel/http/errors.ts';
import { getT } from '../../../kernel/i18n/server.ts';
import { adjustBalance } from './adjustments.ts';
import { money, parseAmount } from './amounts.ts';
import { endBonus, grantBonus, memberBonuses } from './bonuses.ts';
import { findByUsername } from '../../accounts/index.ts';
import { auditLedger } from './ledger.ts';
import { payWithdrawal, rejectWithdrawal, withdrawalsForOps } from './withdrawals.ts';
import { refundStaleRounds } from './game-play.ts';
import { env } from '../../../kernel/env.ts';
import type { OpsCommand } from '../../../kernel/feature.ts';

export interface WalletOpsAnswer {
  ok: boolean;
  output: string;
  changed?: boolean;
}

export const WALLET_USAGE = `  withdrawals list [--status pending|paid|...] [--limit <N>]
                                                       withdrawals, pending ones oldest first
  withdrawals approve <id>                             pay a pending withdrawal out
  withdrawals reject <id> --reason <text>              refuse it; the held amount goes back
  adjust --username <U> --amount <12.50|-3.00> --reason <text> [--key <K>]
                                                       credit or debit a main wallet (audited;
                                                       --key makes a retried command take effect once)
  ledger:audit                                         check the ledger's invariants`;

const WITHDRAWAL_STATUSES = ['pending', 'rejected', 'paid', 'received', 'disputed', 'force_received'];

/** An ApiError as the operator reads it (English message), anything else thrown on. */
async function explained(work: () => Promise<WalletOpsAnswer>): Promise<WalletOpsAnswer> {
  try {
    return await work();
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    const t = getT('en');
    return { ok: false, output: `${t(`errors:${err.errorCode}`, { ...err.params, defaultValue: err.errorCode })} (${err.errorCode})` };
  }
}

const at = (ms: number | null) => (ms === null ? '-' : new Date(ms).toISOString().replace('.000', ''));

/** withdrawals list | approve | reject */
export function withdrawalsCommand(db: Db, verb: string | undefined, rest: string[], flags: Record<string, string>, actor: string): Promise<WalletOpsAnswer> {
  return explained(async () => {
    if (verb === 'list') {
      const status = flags.status;
      if (status && !WITHDRAWAL_STATUSES.includes(status)) return { ok: false, output: `--status must be one of ${WITHDRAWAL_STATUSES.join(', ')}` };
      const limit = Math.min(Math.max(Number(flags.limit ?? 100) || 100, 1), 1000);
      const rows = await withdrawalsForOps(db, status, limit);
      if (!rows.length) return { ok: true, output: `(no ${status ? `${status} ` : ''}withdrawal)` };
      return {
        ok: true,
        output: rows
          .map((w) =>
            [
              w.id,
              w.username,
              w.amount,
              w.status,
              `requested ${at(w.requestedAt)}`,
              w.paidAt ? `paid ${at(w.paidAt)}` : '',
              w.payeeName ? `payee ${w.payeeName}` : '',
              w.reviewNote ? `note ${w.reviewNote}` : '',
              w.receivedAmount !== null && w.status === 'disputed' ? `received ${w.receivedAmount}` : '',
            ]
              .filter(Boolean)
              .join('  '),
          )
          .join('\n'),
      };
    }
    const id = rest[0];
    if (verb === 'approve' && id) {
      const w = await payWithdrawal(db, id, { by: actor });
      return { ok: true, changed: true, output: `Withdrawal ${w.id} of ${w.amount} is paid out; the player may now confirm it.` };
    }
    if (verb === 'reject' && id) {
      const reason = (flags.reason ?? '').trim();
      if (!reason || reason === 'true') return { ok: false, output: '--reason is required (the player sees it)' };
      const w = await rejectWithdrawal(db, id, { by: actor, note: reason });
      return { ok: true, changed: true, output: `Withdrawal ${w.id} is rejected; ${w.amount} is back in the player's main wallet.` };
    }
    return { ok: false, output: `Usage:\n${WALLET_USAGE}` };
  });
}

/** adjust --username U --amount A --reason R */
export function adjustCommand(db: Db, flags: Record<string, string>, actor: string): Promise<WalletOpsAnswer> {
  return explained(async () => {
    const username = (flags.username ?? '').trim();
    const reason = (flags.reason ?? '').trim();
    const text = (flags.amount ?? '').trim();
    if (!username || username === 'true') return { ok: false, output: '--username is required' };
    if (!reason || reason === 'true') return { ok: false, output: '--reason is required (it is recorded in the audit log)' };
    const negative = text.startsWith('-');
    const minor = parseAmount(negative ? text.slice(1) : text);
    const key = flags.key && flags.key !== 'true' ? flags.key : `ops-${randomBytes(12).toString('hex')}`;
    const r = await adjustBalance(db, { username, amount: negative ? -minor : minor, reason, actor, idempotencyKey: key });
    // adjustBalance wrote its own ops_audit row in the transaction of the transfer, so the
    // command does not ask runOps for a second one.
    return { ok: true, changed: false, output: `Adjusted ${r.username} by ${r.amount} (transfer ${r.transferId}); main wallet is now ${r.balance}.` };
  });
}

/** ledger:audit */
export async function ledgerAuditCommand(db: Db): Promise<WalletOpsAnswer> {
  const a = await auditLedger(db);
  const sound = a.total === 0n && Object.values(a.byCurrency).every((t) => t === 0n) && !a.drifted.length && !a.unbalanced.length && !a.negative.length && !a.mixed.length && !a.misrouted.length;
  const lines = [
    `accounts ${a.accounts}, transfers ${a.transfers}, sum of all balances ${a.total}`,
    `drifted balances: ${a.drifted.length ? a.drifted.map((d) => `${d.code} (stored ${d.balance}, entries ${d.entries})`).join(', ') : 'none'}`,
    `unbalanced transfers: ${a.unbalanced.length ? a.unbalanced.join(', ') : 'none'}`,
    `negative member accounts: ${a.negative.length ? a.negative.join(', ') : 'none'}`,
    `sum per currency: ${
      Object.entries(a.byCurrency)
        .map(([c, t]) => `${c} ${t}`)
        .join(', ') || 'none'
    }; transfers mixing currencies: ${a.mixed.length ? a.mixed.join(', ') : 'none'}`,
    `game money in the wrong wallet: ${
      a.misrouted.length
        ? a.misrouted.map((m) => `${m.code} (ledger bet/win/refund ${m.ledger.bet}/${m.ledger.win}/${m.ledger.refund}, rounds ${m.rounds.bet}/${m.rounds.win}/${m.rounds.refund})`).join(', ')
        : 'none'
    }`,
    sound ? 'The ledger is sound.' : 'THE LEDGER IS NOT SOUND.',
  ];
  return { ok: sound, output: lines.join('\n') };
}

const BONUS_USAGE = `  bonus grant --username <U> --amount <A> --turnover <T> [--days <N>] [--title <text>] [--title-es <text>]
            [--max-bet <A>] [--live-weight <percent>] [--key <K>]
                                                       pay a bonus into a main wallet with a wagering
                                                       requirement of T (0: none); withdrawals wait for it
  bonus list --username <U>                            a member's bonuses with their progress
  bonus forfeit --username <U> --id <N>                end an active bonus; what is left goes back`;

/** bonus grant | list | forfeit */
export function bonusCommand(db: Db, verb: string | undefined, flags: Record<string, string>): Promise<WalletOpsAnswer> {
  return explained(async () => {
    const username = (flags.username ?? '').trim();
    if (!username || username === 'true') return { ok: false, output: `--username is required\n${BONUS_USAGE}` };
    const m = await findByUsername(db, username);
    if (!m) return { ok: false, output: `No member ${username}.` };
    if (verb === 'grant') {
      const amount = parseAmount(flags.amount ?? '');
      const turnover = flags.turnover === '0' ? 0n : parseAmount(flags.turnover ?? '');
      const days = Number(flags.days ?? 7);
      if (!Number.isInteger(days) || days < 1 || days > 365) return { ok: false, output: '--days is a whole number of days, 1 to 365' };
      const live = flags['live-weight'] === undefined ? undefined : Number(flags['live-weight']);
      if (live !== undefined && !(Number.isInteger(live) && live >= 0 && live <= 100)) return { ok: false, output: '--live-weight is a percent, 0 to 100' };
      const title = flags.title && flags.title !== 'true' ? flags.title : 'Bonus';
      const key = flags.key && flags.key !== 'true' ? flags.key : randomBytes(12).toString('hex');
      const g = await db.transaction((tx) =>
        grantBonus(tx, {
          memberId: m.id,
          reference: `operator:${key}`,
          source: 'operator',
          titles: { en: title, ...(flags['title-es'] && flags['title-es'] !== 'true' ? { es: flags['title-es'] } : {}) },
          amount,
          turnoverRequired: turnover,
          weights: live === undefined ? {} : { LIVE: live },
          maxBet: flags['max-bet'] ? parseAmount(flags['max-bet']) : null,
          validMs: days * 86_400_000,
        }),
      );
      return {
        ok: true,
        changed: g.created,
        output: g.created
          ? `Bonus ${g.bonusId} of ${money(amount)} paid to ${username}; turnover to reach ${money(turnover)} within ${days} day(s).`
          : `Bonus ${g.bonusId} was already granted with this --key.`,
      };
    }
    if (verb === 'list') {
      const rows = await memberBonuses(db, m.id, 'en');
      return { ok: true, output: rows.map((b) => `${b.id}  ${b.status.padEnd(9)}  ${b.amount}  turnover ${b.turnoverDone ?? '-'} / ${b.turnoverRequired}  ${b.title}`).join('\n') || '(no bonus)' };
    }
    if (verb === 'forfeit') {
      const id = Number(flags.id);
      if (!Number.isInteger(id) || id <= 0) return { ok: false, output: '--id is a bonus id' };
      const back = await endBonus(db, m.id, id, 'forfeited');
      return { ok: true, changed: true, output: `Bonus ${id} forfeited; ${money(back)} went back to the house.` };
    }
    return { ok: false, output: `Usage:\n${BONUS_USAGE}` };
  });
}

/** The wallet's operator commands, as its manifest declares them. */
export const walletCommands: OpsCommand[] = [
  {
    name: 'withdrawals',
    usage: WALLET_USAGE.split('\n').slice(0, 4).join('\n'),
    options: ['status', 'limit', 'reason'],
    run: (db, { verb, rest, flags, actor }) => withdrawalsCommand(db, verb, rest, flags, actor),
  },
  {
    name: 'adjust',
    usage: WALLET_USAGE.split('\n').slice(4, 7).join('\n'),
    options: ['username', 'amount', 'reason', 'key'],
    run: (db, { flags, actor }) => adjustCommand(db, flags, actor),
  },
  {
    name: 'bonus',
    consoleRoles: ['finance'],
    usage: BONUS_USAGE,
    options: ['username', 'amount', 'turnover', 'days', 'title', 'title-es', 'max-bet', 'live-weight', 'key', 'id'],
    run: (db, { verb, flags }) => bonusCommand(db, verb, flags),
  },
  { name: 'ledger:audit', consoleRoles: ['finance', 'risk'], usage: WALLET_USAGE.split('\n').slice(7).join('\n'), run: (db) => ledgerAuditCommand(db) },
  {
    name: 'rounds:sweep',
    usage: `  rounds:sweep [--minutes <N>]                         refund game rounds left open longer than N minutes
                                                       (default GAME_ROUND_TIMEOUT_MINUTES, 10)`,
    options: ['minutes'],
    async run(db, { flags }) {
      const minutes = flags.minutes === undefined ? env().GAME_ROUND_TIMEOUT_MINUTES : Number(flags.minutes);
      if (!Number.isInteger(minutes) || minutes < 1) return { ok: false, output: '--minutes must be a whole number of minutes, at least 1' };
      let total = 0;
      // In batches of 200 until none is left.
      for (let n = -1; n !== 0; total += n) n = await refundStaleRounds(db, Date.now(), minutes * 60_000);
      return { ok: true, changed: total > 0, output: `Refunded ${total} round(s) left open longer than ${minutes} minute(s).` };
    },
  },
];
