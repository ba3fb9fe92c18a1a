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
import { defineCall, intParam, pageSizeParam } from '../../kernel/contract.ts';

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
    pageSize: z.coerce.number().int().min(1).transform((n) => Math.min(n, 100)).default(20),
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
    /** Every member below it. */
    teamSize: z.number().int(),
    directCount: z.number().int(),
    /** A demo account (its team and figures are demo data, and say so). */
    isDemo: z.boolean(),
    /** The brand's money and time, for the back office's figures. */
    currencySymbol: z.string(),
    timeZone: z.string(),
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

/**
 * A report as a CSV file (agents use spreadsheets): the same query as the report's own call,
 * every matching row (up to 50,000), headings in the caller's language, times in the brand's
 * time zone. Answers the file's name and text in the envelope; the page saves it.
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
  value: z.object({ fileName: z.string(), csv: z.string(), rows: z.number().int(), truncated: z.boolean() }),
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

export const agentCalls = [agentAnnouncementList, agentTeamMembers, agentRegister, agentProfile, agentOverview, agentBets, agentLoss, agentTransactions, agentIncome, agentExport];
