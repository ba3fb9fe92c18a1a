/**
 * The agent back office's calls (spec 1, 2.15; issue 13). The spec gives no calls for it; these
 * follow the rest of the API: `/wps/agent/...`, the envelope, a session token, 2-decimal money
 * as JSON numbers where real clients' conventions apply (balances), ms timestamps.
 *
 * Access (written down here): every call needs the session of an agent (types 1, 2, 41, 42); a
 * player or trial account is refused with 403 `agent.only`, a visitor with 401. An agent sees
 * and acts on its own team only: every account registered under it, directly or through
 * sub-agents, at any depth. A member id outside the caller's team, whether it exists or not, is
 * 404 `agent.member.unknown` (no way to learn which ids exist elsewhere).
 */
import { z } from 'zod';
import { defineEvent } from '../../kernel/event-types.ts';
import { defineCall, fileAnswer, idField, intParam, pageSizeParam } from '../../kernel/contract.ts';

/** A member of the caller's team, as team management lists it. */
export const teamMember = z.object({
  id: z.number().int(),
  username: z.string(),
  nickname: z.string().nullable(),
  /** 0 player, 1, 2, 41, 42 agents. */
  type: z.number().int(),
  isAgent: z.boolean(),
  /** Levels below the caller: 1 for its direct members. */
  level: z.number().int(),
  /** Registration time, ms. */
  regDate: z.number(),
  registerIp: z.string().nullable(),
  lastLoginAt: z.number().nullable(),
  lastLoginIp: z.string().nullable(),
  /** Main and game wallets together (JSON number of major units, as the balance call answers). */
  balance: z.number(),
  /** active, or frozen by an operator. */
  status: z.string(),
  /**
   * A player-protection block that holds (issue 28): a time-out, an exclusion (by the player or
   * the operator: the reason is not the upline's to know) or a closed account, and the brand's day
   * it ends (yyyy-MM-dd; null: no end, or ended and waiting for the player to ask back). Agents see
   * it; no one below the operator can lift it.
   */
  protection: z.object({ state: z.enum(['timeout', 'excluded', 'closed']), until: z.string().nullable() }).nullable(),
  /** Members below this one (0 for a player). */
  teamSize: z.number().int(),
});
export type TeamMember = z.infer<typeof teamMember>;

export const TEAM_SORTS = ['regDate', 'username', 'lastLogin', 'balance', 'teamSize'] as const;

/**
 * The caller's team as a paged, searchable, sortable list; or, with `parentId`, the team of one
 * sub-agent inside it (the tree: open a sub-agent to see its own members). `scope` direct lists
 * the members directly under the parent, all (default) every level below it. `path` leads from
 * the caller to the parent, for a breadcrumb.
 */
export const agentTeamMembers = defineCall({
  name: 'agentTeamMembers',
  method: 'GET',
  path: '/wps/agent/team/members',
  token: true,
  query: z.object({
    parentId: intParam(1, 2_147_483_647),
    scope: z.enum(['direct', 'all']).default('all'),
    /** Part of a username, any case. */
    search: z.string().trim().max(64).optional(),
    kind: z.enum(['all', 'player', 'agent']).default('all'),
    sort: z.enum(TEAM_SORTS).default('regDate'),
    order: z.enum(['asc', 'desc']).default('desc'),
    pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce
      .number()
      .int()
      .min(1)
      .transform((n) => Math.min(n, 100))
      .default(20),
  }),
  value: z.object({
    content: z.array(teamMember),
    pageNum: z.number().int(),
    totalPages: z.number().int(),
    totalCount: z.number().int(),
    path: z.array(z.object({ id: z.number().int(), username: z.string() })),
  }),
});

/**
 * Registers a player or a sub-agent under the caller (spec 2.15 'register account'): type 0, or
 * the caller's own agent type (else 403 `agent.type.forbidden`); the brand's username and
 * password rules with the registration form's messages (field errors); a taken username is 409
 * `register.username.taken`. The new account changes its password at its first login.
 */
export const agentRegister = defineCall({
  name: 'agentRegister',
  method: 'POST',
  path: '/wps/agent/team/register',
  token: true,
  enc: true,
  body: z.object({
    username: z.string().max(64),
    password: z.string().max(128),
    confirmPassword: z.string().max(128),
    type: z.coerce.number().int(),
    nickname: z.string().max(64).optional(),
    /** yyyy-MM-dd, where the brand asks for a birthday (profile `birthday`). */
    birthday: z.string().max(10).optional(),
  }),
  value: z.object({ id: z.number().int(), username: z.string(), type: z.number().int() }),
});

/** What the back office needs to draw itself: the agent, and the account types it may create. */
export const agentProfile = defineCall({
  name: 'agentProfile',
  method: 'GET',
  path: '/wps/agent/profile',
  token: true,
  value: z.object({
    id: z.number().int(),
    username: z.string(),
    type: z.number().int(),
    /** Account types this agent may register (0 player, and its own agent type). */
    creatableTypes: z.array(z.number().int()),
    /** Whether registering an account asks for its birthday (the brand's register rule), and the minimum age it must show. */
    birthday: z.enum(['off', 'optional', 'required']),
    minimumAge: z.number().int(),
    /** Every member below it. */
    teamSize: z.number().int(),
    directCount: z.number().int(),
    /** A demo account (its team and figures are demo data, and say so). */
    isDemo: z.boolean(),
    /** The brand's money and time, for the back office's figures. */
    currencySymbol: z.string(),
    timeZone: z.string(),
    /** Contract kinds the brand offers (issue 14): their pages show in the menu (spec 2.15). */
    contractKinds: z.object({ daily: z.boolean(), hourly: z.boolean(), realtime: z.boolean(), dividend: z.boolean() }),
  }),
});

// ---- Reports (issue 13). Days are the brand's calendar days ('YYYY-MM-DD', in its time zone);
// a range is at most 31 days and defaults to the last 7 (as the member's records), else 400
// `wallet.range.invalid`. Money is a JSON number of major units (2 decimals). A round counts on
// the day of its bet once settled; refunded rounds count for nothing. Profit/loss is the members'
// result, payouts less valid bets: negative when the team lost (and the house won).

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
/** The range, and whose team: the caller's own (default) or that of a sub-agent inside it. */
const reportQuery = {
  from: day.optional(),
  to: day.optional(),
  parentId: intParam(1, 2_147_483_647),
};
const pageQuery = {
  pageNo: intParam(1, 100_000, 1),
  pageSize: pageSizeParam(100, 20),
};
const page = { pageNum: z.number().int(), totalPages: z.number().int(), totalCount: z.number().int() };
const range = { from: day, to: day };

/** Figures of a set of members over days. */
export const teamFigures = z.object({
  betCount: z.number().int(),
  validBet: z.number(),
  payout: z.number(),
  profitLoss: z.number(),
  depositCount: z.number().int(),
  deposit: z.number(),
  withdrawalCount: z.number().int(),
  withdrawal: z.number(),
});
export type TeamFigures = z.infer<typeof teamFigures>;

/** The game categories of spec 2.4 (vendor game types), as reports group bets. */
export const CATEGORY = z.string();

/**
 * Team overview: members (total registered by the end of the range, new in it, active: placed a
 * bet in it), and the figures per level (direct: the members right below; all: the whole team),
 * per game category, and per day (the chart). Members of the team only: the agent's own bets and
 * money are not team figures.
 */
export const agentOverview = defineCall({
  name: 'agentOverview',
  method: 'GET',
  path: '/wps/agent/report/overview',
  token: true,
  query: z.object(reportQuery),
  value: z.object({
    ...range,
    members: z.object({
      direct: z.object({ total: z.number().int(), new: z.number().int(), active: z.number().int() }),
      all: z.object({ total: z.number().int(), new: z.number().int(), active: z.number().int() }),
    }),
    direct: teamFigures,
    all: teamFigures,
    categories: z.array(z.object({ category: CATEGORY, betCount: z.number().int(), validBet: z.number(), payout: z.number(), profitLoss: z.number() })),
    days: z.array(teamFigures.extend({ day })),
  }),
});

export const betRow = z.object({
  roundId: z.string(),
  memberId: z.number().int(),
  username: z.string(),
  level: z.number().int(),
  vendor: z.string(),
  category: CATEGORY,
  gameName: z.string(),
  /** Bet time, ms. */
  betTime: z.number(),
  settledAt: z.number().nullable(),
  validBet: z.number(),
  payout: z.number(),
  profitLoss: z.number(),
});

/**
 * Team betting: the team's settled rounds, newest first, by member (`username`, exact, any case;
 * someone outside the team is 404 `agent.member.unknown`), category and vendor, with the totals
 * of everything the filter matches.
 */
export const agentBets = defineCall({
  name: 'agentBets',
  method: 'GET',
  path: '/wps/agent/report/bets',
  token: true,
  query: z.object({
    ...reportQuery,
    ...pageQuery,
    username: z.string().trim().max(64).optional(),
    category: z.string().max(16).optional(),
    vendor: z.string().max(32).optional(),
  }),
  value: z.object({
    ...range,
    content: z.array(betRow),
    ...page,
    totals: z.object({ betCount: z.number().int(), validBet: z.number(), payout: z.number(), profitLoss: z.number() }),
  }),
});

export const lossRow = z.object({
  rank: z.number().int(),
  memberId: z.number().int(),
  username: z.string(),
  type: z.number().int(),
  level: z.number().int(),
  betCount: z.number().int(),
  validBet: z.number(),
  payout: z.number(),
  profitLoss: z.number(),
});

/** User loss: each team member's result over the range, ranked from the biggest loss (`order` asc) or the biggest win (desc). */
export const agentLoss = defineCall({
  name: 'agentLoss',
  method: 'GET',
  path: '/wps/agent/report/loss',
  token: true,
  query: z.object({ ...reportQuery, ...pageQuery, order: z.enum(['asc', 'desc']).default('asc') }),
  value: z.object({
    ...range,
    content: z.array(lossRow),
    ...page,
    totals: z.object({ betCount: z.number().int(), validBet: z.number(), payout: z.number(), profitLoss: z.number() }),
  }),
});

/** Team transactions' kinds (spec 2.16): money in, money out, and transfers to an upline. */
export const TEAM_TX_KINDS = ['deposit', 'withdrawal', 'transfer'] as const;

export const txRow = z.object({
  id: z.number().int(),
  kind: z.enum(TEAM_TX_KINDS),
  memberId: z.number().int(),
  username: z.string(),
  level: z.number().int(),
  amount: z.number(),
  /** Who received a transfer. */
  counterpart: z.string().nullable(),
  time: z.number(),
});

/** Team transactions (2.16): the team's deposits credited, withdrawals paid and transfers to uplines, newest first. */
export const agentTransactions = defineCall({
  name: 'agentTransactions',
  method: 'GET',
  path: '/wps/agent/report/transactions',
  token: true,
  query: z.object({ ...reportQuery, ...pageQuery, kind: z.enum(['all', ...TEAM_TX_KINDS]).default('all'), username: z.string().trim().max(64).optional() }),
  value: z.object({
    ...range,
    content: z.array(txRow),
    ...page,
    totals: z.object({ deposit: z.number(), withdrawal: z.number(), transfer: z.number() }),
  }),
});

/** Kinds of income: transfers from team members today; salary and dividend lines come with contracts (issue 14). */
export const INCOME_KINDS = ['transfer', 'salary', 'dividend'] as const;

export const incomeRow = z.object({
  id: z.number().int(),
  kind: z.enum(INCOME_KINDS),
  /** The team member it came from (for a transfer), else null. */
  fromUsername: z.string().nullable(),
  amount: z.number(),
  memo: z.string().nullable(),
  /** When it was credited (a transfer), or the start of the period it pays for (a salary, a dividend), ms. */
  time: z.number(),
});

/** My income: every credit to the caller's main wallet that comes from its team, newest first. */
export const agentIncome = defineCall({
  name: 'agentIncome',
  method: 'GET',
  path: '/wps/agent/income',
  token: true,
  query: z.object({ from: day.optional(), to: day.optional(), ...pageQuery }),
  value: z.object({
    ...range,
    content: z.array(incomeRow),
    ...page,
    totals: z.object({ transfer: z.number(), salary: z.number(), dividend: z.number(), all: z.number() }),
  }),
});

export const REPORTS = ['overview', 'bets', 'loss', 'transactions', 'income'] as const;

/** The most rows a CSV export holds; a file of this many rows may have been cut short. */
export const EXPORT_MAX_ROWS = 50_000;

/**
 * A report as a CSV file (agents use spreadsheets): the same query as the report's own call,
 * every matching row (up to EXPORT_MAX_ROWS), headings in the caller's language, times in the
 * brand's time zone. Answers the file itself, streamed a page at a time (its name in
 * Content-Disposition); the page saves it.
 */
export const agentExport = defineCall({
  name: 'agentExport',
  method: 'GET',
  path: '/wps/agent/report/export',
  token: true,
  query: z.object({
    report: z.enum(REPORTS),
    ...reportQuery,
    username: z.string().trim().max(64).optional(),
    category: z.string().max(16).optional(),
    vendor: z.string().max(32).optional(),
    kind: z.enum(['all', ...TEAM_TX_KINDS]).default('all'),
    order: z.enum(['asc', 'desc']).default('asc'),
  }),
  // The CSV file itself, streamed (text/csv, an attachment), not the envelope; refusals (429
  // agent.export.busy while the agent's or the server's exports are at their bound) are envelopes.
  value: fileAnswer,
});

/** Announcements addressed to agents (audience agents, set by the operator: `npm run ops -- announce add --audience agents`), in the caller's language, newest first. */
export const agentAnnouncementList = defineCall({
  name: 'agentAnnouncementList',
  method: 'GET',
  path: '/wps/agent/announcements',
  token: true,
  value: z.object({
    content: z.array(z.object({ id: z.number().int(), title: z.string(), content: z.string(), isDemo: z.boolean(), createdAt: z.number() })),
  }),
});

// ---- Contracts, salaries and dividends (issue 14; spec 2.15, 3, 4, 7). Rates are percentages
// with at most 2 decimals (JSON numbers: 1.25 is 1.25 %); money is major units as above. The model
// (tiers, caps, differential pay, settlement periods) is in docs/architecture.md, 'Contracts and
// settlements'. Refusals: 403 `agent.contract.kindOff` (the brand does not offer the kind),
// 404 `agent.contract.unknown` (not a contract the caller is a party to, found or not),
// 409 `agent.contract.state` (not offered, or already decided), 400 `agent.contract.noOwn` (the
// caller holds no contract of the kind to offer from), 400 `agent.contract.rateAbove` (a rate
// above the caller's own, named under its field), 400 `agent.contract.period` (a dividend period
// other than the caller's own), 400 `agent.contract.notDirect` (not a direct downline agent).

/** Contract kinds: daily salary, hourly salary, real-time salary, dividend. */
export const CONTRACT_KIND = z.enum(['daily', 'hourly', 'realtime', 'dividend']);
export type ContractKindName = z.infer<typeof CONTRACT_KIND>;

/** A decimal with at most `places` decimals, within bounds. */
const decimal = (min: number, max: number, places = 2) =>
  z
    .number()
    .min(min)
    .max(max)
    .refine((n) => Math.abs(Math.round(n * 10 ** places) - n * 10 ** places) < 1e-6, { message: 'format' });
const percent = decimal(0, 100);
const money = decimal(0, 1_000_000_000);

export const tierInput = z.object({
  /** The team's valid bets in the period, at least. */
  minValidBet: money.default(0),
  /** Team members with a bet in the period, at least. */
  minActive: z.number().int().min(0).max(10_000_000).default(0),
  /** The team's loss in the period (the house's win), at least; 0: any. */
  minLoss: money.default(0),
  rate: percent,
});
export const termsInput = z.object({
  /** Daily, hourly, dividend: 1 to 10 tiers. */
  tiers: z.array(tierInput).min(1).max(10).optional(),
  periodicMinBet: money.default(0),
  /** Dividend: the platform's fee on a positive house win, and the period (D, W, H semimonthly, M). */
  feeRate: percent.default(0),
  period: z.enum(['D', 'W', 'H', 'M']).default('M'),
  /** Dividend: a negative period carries into the next. */
  carry: z.boolean().default(false),
  /** Real-time salary. */
  lossRate: percent.optional(),
  winRate: percent.optional(),
  minSingleBet: money.default(0),
});
export type TermsInput = z.input<typeof termsInput>;

export const contractView = z.object({
  id: z.number().int(),
  kind: CONTRACT_KIND,
  /** offered, active, rejected, expired, withdrawn, ended. */
  status: z.string(),
  /** Who offers it: an agent's username, or null for the house (an operator's grant). */
  upline: z.string().nullable(),
  agentId: z.number().int(),
  agent: z.string(),
  /** Terms in the API's units (percent, major units); only the kind's fields. */
  terms: z.object({
    tiers: z.array(z.object({ minValidBet: z.number(), minActive: z.number().int(), minLoss: z.number(), rate: z.number() })).optional(),
    periodicMinBet: z.number().optional(),
    feeRate: z.number().optional(),
    period: z.string().optional(),
    carry: z.boolean().optional(),
    lossRate: z.number().optional(),
    winRate: z.number().optional(),
    minSingleBet: z.number().optional(),
  }),
  /** The headline rate (the highest of the terms), percent. */
  rate: z.number(),
  offeredAt: z.number(),
  expiresAt: z.number().nullable(),
  startedAt: z.number().nullable(),
  endedAt: z.number().nullable(),
  /** terminated, replaced, upline-rate, upline-ended, operator. */
  endReason: z.string().nullable(),
  /** A termination asked by 'upline' or 'agent' (the holder), waiting for the other; else null. */
  terminationRequestedBy: z.enum(['upline', 'agent']).nullable(),
  terminationRequestedAt: z.number().nullable(),
  events: z.array(z.object({ action: z.string(), by: z.string().nullable(), at: z.number() })),
});
export type ContractView = z.infer<typeof contractView>;

/**
 * The caller's contracts of a kind: its own (active, and an offer waiting for its answer) and,
 * for each of its direct downline agents, theirs from the caller; `enabled` says whether the
 * brand offers the kind (the page is hidden when not).
 */
export const agentContracts = defineCall({
  name: 'agentContracts',
  method: 'GET',
  path: '/wps/agent/contracts',
  token: true,
  query: z.object({ kind: CONTRACT_KIND }),
  value: z.object({
    kind: CONTRACT_KIND,
    enabled: z.boolean(),
    own: contractView.nullable(),
    offer: contractView.nullable(),
    downlines: z.array(
      z.object({
        agentId: z.number().int(),
        username: z.string(),
        active: contractView.nullable(),
        offered: contractView.nullable(),
      }),
    ),
    /** Past contracts the caller was a party to (ended, rejected, expired, withdrawn), newest first, up to 20. */
    history: z.array(contractView),
  }),
});

/**
 * Offers a contract (or a change of the current one) to a direct downline agent. The terms stay
 * within the caller's own contract of the kind (each rate at most the caller's; dividends on the
 * caller's period). A waiting offer to the same agent is withdrawn by a new one. The offer
 * expires after the brand's offerExpiryHours.
 */
export const agentContractOffer = defineCall({
  name: 'agentContractOffer',
  method: 'POST',
  path: '/wps/agent/contracts/offer',
  token: true,
  body: z.object({ agentId: idField, kind: CONTRACT_KIND, terms: termsInput }),
  value: contractView,
});

const decideBody = z.object({
  /** The offer; when absent, the offer of the kind waiting for the caller. */
  id: idField.optional(),
  action: z.enum(['accept', 'reject']),
});
/**
 * Accepts or rejects an offer from the upline (spec 4). Accepting ends the current contract of
 * the kind, and every contract of the kind the caller gave its own downlines at a higher rate
 * (and, below them, those left without an upline contract).
 */
export const agentContractDecide = defineCall({
  name: 'agentContractDecide',
  method: 'POST',
  path: '/wps/agent/contracts/decide',
  token: true,
  body: decideBody.extend({ kind: CONTRACT_KIND.optional() }),
  value: contractView,
});

/** The relays of spec 7, one per kind: the same decision as agentContractDecide for that kind. */
const relayDecide = (name: string, path: string) => defineCall({ name, method: 'POST', path, token: true, body: decideBody, value: contractView });
export const dividendDecide = relayDecide('MCS2_processDividendReq', '/wps/relay/MCS2_processDividendReq');
export const dailySalaryDecide = relayDecide('MCS2_processDailySalContract', '/wps/relay/MCS2_processDailySalContract');
export const hourlySalaryDecide = relayDecide('MCS2_processContractHourSalary', '/wps/relay/MCS2_processContractHourSalary');
export const realtimeSalaryDecide = relayDecide('MCSFE_processRealTimeSalaryContract', '/wps/relay/MCSFE_processRealTimeSalaryContract');
export const RELAY_KIND = {
  MCS2_processDividendReq: 'dividend',
  MCS2_processDailySalContract: 'daily',
  MCS2_processContractHourSalary: 'hourly',
  MCSFE_processRealTimeSalaryContract: 'realtime',
} as const;

/**
 * Termination of an active contract between two agents: either party requests it, the other
 * accepts (the contract ends, and with it what the holder gave below at that kind) or declines
 * (the request is withdrawn); the requester may also withdraw it (decline). A contract from the
 * house ends only by an operator.
 */
export const agentContractTermination = defineCall({
  name: 'agentContractTermination',
  method: 'POST',
  path: '/wps/agent/contracts/termination',
  token: true,
  body: z.object({ id: idField, action: z.enum(['request', 'accept', 'decline']) }),
  value: contractView,
});

export const settlementRow = z.object({
  id: z.number().int(),
  contractId: z.number().int(),
  kind: CONTRACT_KIND,
  periodStart: z.number(),
  periodEnd: z.number(),
  /** 0: the period's settlement; 1, 2...: corrections for rounds settled late. */
  seq: z.number().int(),
  validBet: z.number(),
  /** The team's result for the house (valid bets less payouts). */
  houseWin: z.number(),
  active: z.number().int(),
  /** Tier reached (1-based; 0 none), its rate and the rate applied after the upline's cap (percent). */
  tier: z.number().int(),
  tierRate: z.number(),
  effectiveRate: z.number(),
  /** Real-time salary: the rate applied to won bets, and the qualifying stakes lost and won. */
  effectiveWinRate: z.number().nullable(),
  lostBet: z.number().nullable(),
  wonBet: z.number().nullable(),
  /** Dividends: the fee, the carried loss in and out, the base shared. */
  fee: z.number().nullable(),
  carryIn: z.number().nullable(),
  carryOut: z.number().nullable(),
  base: z.number().nullable(),
  /** Gross due on the team, passed to downline agents, and the period's due to the caller. */
  gross: z.number(),
  granted: z.number(),
  due: z.number(),
  /** Paid by this line, and kept back after it (an earlier overpayment). */
  amount: z.number(),
  owed: z.number(),
  settledAt: z.number(),
});

/** The caller's settlement records of a kind, newest period first, with the range's totals (spec 2.15 records). */
export const agentSettlements = defineCall({
  name: 'agentSettlements',
  method: 'GET',
  path: '/wps/agent/settlements',
  token: true,
  query: z.object({ kind: CONTRACT_KIND, from: day.optional(), to: day.optional(), ...pageQuery }),
  value: z.object({ ...range, content: z.array(settlementRow), ...page, totals: z.object({ amount: z.number(), validBet: z.number() }) }),
});

/**
 * The consolidated funds call (spec 3, 6, 7; wire notes): the caller's balance (a fallback some
 * clients read) and the contract flags. Each *req* flag is 0 when the kind is off (the brand, or
 * AGENTPOLICY3, or the caller is not an agent), 1 when on, 2 when an offer of the kind waits for the
 * caller's answer (the consolidated popup shows); each *info* flag is 1 when the caller holds an
 * active contract of its kind (dailysalinfotype daily, contracthoursalinfo hourly, divtypeinfo
 * dividend, contractmrdailysalinfotype real-time), else 0.
 */
export const consolidatedFunds = defineCall({
  name: 'consolidatedFunds',
  method: 'GET',
  path: '/wps/member/info/funds/consolidated',
  token: true,
  value: z.object({
    sumBalance: z.number(),
    currency: z.string(),
    currencySymbol: z.string(),
    dailysalreqtype: z.number().int(),
    divtypereq: z.number().int(),
    contracthoursalreq: z.number().int(),
    realtimesalreqtype: z.number().int(),
    dailysalinfotype: z.number().int(),
    divtypeinfo: z.number().int(),
    contracthoursalinfo: z.number().int(),
    contractmrdailysalinfotype: z.number().int(),
    /** The offers waiting for the caller's answer (what the popup shows). */
    offers: z.array(contractView),
  }),
});

export const contractCalls = [
  agentContracts,
  agentContractOffer,
  agentContractDecide,
  dividendDecide,
  dailySalaryDecide,
  hourlySalaryDecide,
  realtimeSalaryDecide,
  agentContractTermination,
  agentSettlements,
  consolidatedFunds,
];

export const agentCalls = [agentAnnouncementList, agentTeamMembers, agentRegister, agentProfile, agentOverview, agentBets, agentLoss, agentTransactions, agentIncome, agentExport, ...contractCalls];

/** The agent feature's events (src/kernel/event-types.ts), each with the system message it gives its member. */
const contractKind = z.enum(['daily', 'hourly', 'realtime', 'dividend']);
const contractEndReason = z.enum(['terminated', 'replaced', 'upline-rate', 'upline-ended', 'operator']);
/** Why a contract ended (its row's end reason, and the words of its message). */
export type ContractEndReason = z.infer<typeof contractEndReason>;
export const contractOffered = defineEvent({
  kind: 'agent.contract.offered',
  version: 1,
  payload: z.object({ kind: contractKind, upline: z.string(), rate: z.number() }),
  message: 'messages:agent.contractOffered',
});
export const contractEnded = defineEvent({
  kind: 'agent.contract.ended',
  version: 1,
  payload: z.object({ kind: contractKind, reason: contractEndReason }),
  message: 'messages:agent.contractEnded',
});
export const agentEvents = [contractOffered, contractEnded];
