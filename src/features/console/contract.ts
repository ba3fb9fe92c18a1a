/**
 * The operator console's calls (issue 29), under /wps/console: our own paths (the spec and the
 * wire notes name none), in the envelope. Every call but the login is a staff call (`staff`): it
 * needs the console's session cookie and one of the roles it names (the owner passes all), which
 * the dispatcher checks before anything else; a member's token never opens one. Money goes as
 * decimal text in major units, times as ms since the epoch.
 */
import { z } from 'zod';
import { defineCall, eventStream, fileAnswer, idParam, INT4_MAX } from '../../kernel/contract.ts';
import { LOCALES, type Locale } from '../../kernel/locales.ts';
import { CONTRACT_KIND, contractView, termsInput } from '../agent/contract.ts';
import { chatConversationView, chatMessageView, feedbackView } from '../support/contract.ts';
import { REDEMPTION_STATUSES, redemptionView } from '../points/contract.ts';

/** The roles of staff (a staff member may have several; the owner may do everything). */
export const STAFF_ROLES = ['owner', 'finance', 'support', 'risk', 'content', 'agents'] as const;
export const staffRole = z.enum(STAFF_ROLES);
export type StaffRole = z.infer<typeof staffRole>;

/** The console's session cookie: HttpOnly, SameSite=Strict, only sent to /wps/console. */
export const CONSOLE_COOKIE = 'console_session';

const username = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9][a-z0-9._-]{2,31}$/);
/** Staff passwords: 10 to 128 characters (NIST 800-63B: length over composition rules). */
export const staffPassword = z.string().min(10).max(128);

const me = z.object({
  id: z.number(),
  username: z.string(),
  roles: z.array(staffRole),
  idleMinutes: z.number(),
  twoKeysWithdrawalAbove: z.string().nullable(),
  twoKeysAdjustmentAbove: z.string().nullable(),
  currencySymbol: z.string(),
});
export type ConsoleMe = z.infer<typeof me>;

/**
 * Logs a staff member in: the password, then a code of the authenticator app (or a recovery
 * code). The first login sets the app up (`setup`: scan, then send a code of it, and a new
 * password when one was given by someone else); only `done` opens a session (the cookie).
 */
export const consoleLogin = defineCall({
  name: 'consoleLogin',
  method: 'POST',
  path: '/wps/console/session/login',
  body: z.object({
    username: z.string().trim().min(1).max(64),
    password: z.string().min(1).max(128),
    code: z.string().trim().max(20).optional(),
    newPassword: staffPassword.optional(),
  }),
  value: z.discriminatedUnion('stage', [
    z.object({ stage: z.literal('code') }),
    z.object({ stage: z.literal('setup'), secret: z.string(), uri: z.string(), qrSvg: z.string(), mustChangePassword: z.boolean() }),
    z.object({ stage: z.literal('done'), me, recoveryCodes: z.array(z.string()).nullable() }),
  ]),
});

export const consoleLogout = defineCall({ name: 'consoleLogout', method: 'POST', path: '/wps/console/session/logout', staff: [], value: z.null() });

/** Who is signed in to the console: the staff member of the cookie's session, or null (the page then shows the login). */
export const consoleMe = defineCall({ name: 'consoleMe', method: 'GET', path: '/wps/console/session/me', value: me.nullable() });

/** The latest instant a console call takes (ms): the year 2100, far inside what a Date holds. */
const LATEST_TIME = Date.UTC(2100, 0, 1);

const page = { page: z.coerce.number().int().min(1).max(100_000).default(1), pageSize: z.coerce.number().int().min(1).max(200).default(50) };
const paged = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), total: z.number(), page: z.number(), pageSize: z.number() });

export const WITHDRAWAL_STATUSES = ['pending', 'paid', 'rejected', 'received', 'disputed', 'force_received'] as const;
const withdrawalRow = z.object({
  id: z.string(),
  memberId: z.number(),
  username: z.string(),
  amount: z.string(),
  status: z.string(),
  requestedAt: z.number(),
  reviewedAt: z.number().nullable(),
  reviewedBy: z.string().nullable(),
  note: z.string().nullable(),
  payeeName: z.string().nullable(),
  /** Above the brand's threshold: a second staff member's key pays it. */
  needsTwoKeys: z.boolean(),
  firstKey: z.object({ by: z.string(), at: z.number() }).nullable(),
});
export type ConsoleWithdrawal = z.infer<typeof withdrawalRow>;

export const consoleWithdrawals = defineCall({
  name: 'consoleWithdrawals',
  method: 'GET',
  path: '/wps/console/withdrawals',
  staff: ['finance'],
  query: z.object({ status: z.enum(WITHDRAWAL_STATUSES).optional(), username: z.string().trim().max(64).optional(), ...page }),
  value: paged(withdrawalRow),
});

/** Approves a pending withdrawal: paid at once, or (above the threshold) its first key turned. */
export const consoleApproveWithdrawal = defineCall({
  name: 'consoleApproveWithdrawal',
  method: 'POST',
  path: '/wps/console/withdrawals/approve',
  staff: ['finance'],
  body: z.object({ id: z.string().trim().min(1).max(64) }),
  value: z.object({ state: z.enum(['paid', 'awaitingSecondKey']), withdrawal: withdrawalRow }),
});

export const consoleRejectWithdrawal = defineCall({
  name: 'consoleRejectWithdrawal',
  method: 'POST',
  path: '/wps/console/withdrawals/reject',
  staff: ['finance'],
  body: z.object({ id: z.string().trim().min(1).max(64), reason: z.string().trim().min(1).max(200) }),
  value: withdrawalRow,
});

export const DEPOSIT_STATUSES = ['pending', 'paid', 'failed', 'expired'] as const;
const depositListRow = z.object({
  id: z.string(),
  memberId: z.number(),
  username: z.string(),
  at: z.number(),
  /** The channel's name in the caller's language (its code when the brand no longer offers it). */
  channel: z.string(),
  provider: z.string(),
  amount: z.string(),
  /** pending, paid, failed or expired (a pending order past its time counts as expired, as the player's records say). */
  status: z.enum(DEPOSIT_STATUSES),
  /** The provider's own reference, once it sent one. */
  providerRef: z.string().nullable(),
  settledAt: z.number().nullable(),
  /** The provider's side: how many callbacks it sent and what the last one did (credited, failed, bad_signature...). */
  callbacks: z.number(),
  lastCallback: z.string().nullable(),
});
export type ConsoleDeposit = z.infer<typeof depositListRow>;

/** Deposits through the payment providers, newest first, with each one's provider state. */
export const consoleDeposits = defineCall({
  name: 'consoleDeposits',
  method: 'GET',
  path: '/wps/console/deposits',
  staff: ['finance'],
  query: z.object({ status: z.enum(DEPOSIT_STATUSES).optional(), username: z.string().trim().max(64).optional(), ...page }),
  value: paged(depositListRow),
});

export const DRAW_STATUSES = ['open', 'drawn', 'cancelled'] as const;
const drawRow = z.object({
  game: z.string(),
  gameName: z.string(),
  drawNo: z.string(),
  status: z.enum(DRAW_STATUSES),
  /** Where an open draw stands now: not yet taking tickets, taking them, or closed and waiting for its draw. */
  phase: z.enum(['upcoming', 'taking', 'closed', 'drawn', 'cancelled']),
  closesAt: z.number(),
  drawAt: z.number(),
  drawnAt: z.number().nullable(),
  numbers: z.array(z.number()).nullable(),
  /** The seed's hash committed before the first ticket (the seed itself is published once drawn). */
  serverSeedHash: z.string(),
  tickets: z.number(),
  stakes: z.string(),
});
export type ConsoleDraw = z.infer<typeof drawRow>;
const drawKey = z.object({ game: z.string().trim().min(1).max(32), drawNo: z.string().trim().min(1).max(32) });

/** The lottery's draws, newest first, by game and state, with their tickets and stakes; and the games. */
export const consoleDraws = defineCall({
  name: 'consoleDraws',
  method: 'GET',
  path: '/wps/console/lottery/draws',
  staff: ['finance'],
  query: z.object({ game: z.string().trim().max(32).optional(), status: z.enum(DRAW_STATUSES).optional(), ...page }),
  value: paged(drawRow).extend({ games: z.array(z.object({ code: z.string(), name: z.string() })) }),
});

/** Cancels an open draw: every ticket on it is refunded, once. */
export const consoleCancelDraw = defineCall({
  name: 'consoleCancelDraw',
  method: 'POST',
  path: '/wps/console/lottery/cancel',
  staff: ['finance'],
  body: drawKey,
  value: z.object({ refunded: z.number(), members: z.number(), amount: z.string() }),
});

/** Opens the next draws and draws the due ones now (the schedule's own step). */
export const consoleRunDraws = defineCall({
  name: 'consoleRunDraws',
  method: 'POST',
  path: '/wps/console/lottery/run',
  staff: ['finance'],
  value: z.object({ drawn: z.number() }),
});

/** Who may look members up. */
const MEMBER_READERS = ['support', 'finance', 'risk', 'agents'] as const;

const memberRow = z.object({
  id: z.number(),
  username: z.string(),
  type: z.number(),
  isAgent: z.boolean(),
  status: z.string(),
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  upline: z.string().nullable(),
  createdAt: z.number(),
  lastLoginAt: z.number().nullable(),
  balance: z.string(),
  /** The VIP level's name (null: a trial account). */
  vip: z.string().nullable(),
});
export type ConsoleMemberRow = z.infer<typeof memberRow>;

/** Members by username, mobile, e-mail or id (a part of any), or by upline's username. */
export const consoleMembers = defineCall({
  name: 'consoleMembers',
  method: 'GET',
  path: '/wps/console/members',
  staff: MEMBER_READERS,
  query: z.object({ q: z.string().trim().max(64).optional(), upline: z.string().trim().max(64).optional(), ...page }),
  value: paged(memberRow),
});

const sessionRow = z.object({ id: z.number(), createdAt: z.number(), lastSeenAt: z.number(), ip: z.string().nullable(), live: z.boolean() });
const entryRow = z.object({ at: z.number(), kind: z.string(), memo: z.string().nullable(), account: z.string(), amount: z.string(), reference: z.string().nullable() });
const depositRow = z.object({ id: z.string(), at: z.number(), channel: z.string(), provider: z.string(), amount: z.string(), status: z.string(), settledAt: z.number().nullable() });
/** A bet as the vendor reported it; `fairness` (the sandbox's rounds) fills the /play/verify link. */
const roundRow = z.object({
  id: z.string(),
  at: z.number(),
  vendor: z.string(),
  game: z.string(),
  bet: z.string(),
  win: z.string().nullable(),
  status: z.string(),
  fairness: z.object({ nodeId: z.number(), serverSeedHash: z.string(), serverSeed: z.string().nullable(), clientSeed: z.string(), nonce: z.number(), bet: z.string() }).nullable(),
});
/** A significant event of the member (logins and failures with their address, limits, blocks, large wins). */
const historyRow = z.object({ at: z.number(), kind: z.string(), actor: z.string(), ip: z.string().nullable(), detail: z.record(z.string(), z.unknown()) });
const noteRow = z.object({ id: z.number(), at: z.number(), by: z.string(), text: z.string() });

export const consoleMember = defineCall({
  name: 'consoleMember',
  method: 'GET',
  path: '/wps/console/member',
  staff: MEMBER_READERS,
  query: z.object({ id: idParam }),
  value: z.object({
    member: memberRow,
    balances: z.array(z.object({ wallet: z.string(), amount: z.string() })),
    sessions: z.array(sessionRow),
    entries: z.array(entryRow),
    withdrawals: z.array(withdrawalRow),
    deposits: z.array(depositRow),
    rounds: z.array(roundRow),
    history: z.array(historyRow),
    notes: z.array(noteRow),
    /** Has an authenticator app (a second factor at new networks). */
    secondFactor: z.boolean(),
    protection: z.object({ block: z.string().nullable(), until: z.number().nullable(), limits: z.number() }),
  }),
});

/** Staff who act on a member's account (notes, lock, second factor). */
const MEMBER_KEEPERS = ['support', 'risk'] as const;

/** A note on the member (append-only; never shown to the member). */
export const consoleMemberNote = defineCall({
  name: 'consoleMemberNote',
  method: 'POST',
  path: '/wps/console/member/note',
  staff: MEMBER_KEEPERS,
  body: z.object({ memberId: z.number().int().min(1), text: z.string().trim().min(1).max(1000) }),
  value: noteRow,
});

/** Locks (freezes) or unlocks an account, with a reason; a lock ends its sessions and game sessions. */
export const consoleMemberLock = defineCall({
  name: 'consoleMemberLock',
  method: 'POST',
  path: '/wps/console/member/lock',
  staff: MEMBER_KEEPERS,
  body: z.object({ memberId: z.number().int().min(1), locked: z.boolean(), reason: z.string().trim().min(1).max(200) }),
  value: z.object({ status: z.string() }),
});

/** Forgets the member's authenticator app (a lost phone), with a reason; the member may set a new one. */
export const consoleMemberResetSecondFactor = defineCall({
  name: 'consoleMemberResetSecondFactor',
  method: 'POST',
  path: '/wps/console/member/second-factor/reset',
  staff: MEMBER_KEEPERS,
  body: z.object({ memberId: z.number().int().min(1), reason: z.string().trim().min(1).max(200) }),
  value: z.object({ secondFactor: z.boolean() }),
});
export type ConsoleMemberDetail = z.infer<typeof consoleMember.value>;

/** Ends one session of a member (`sessionId`) or all of them; the games they opened end with them. */
export const consoleEndSessions = defineCall({
  name: 'consoleEndSessions',
  method: 'POST',
  path: '/wps/console/member/sessions/end',
  staff: ['support', 'risk'],
  body: z.object({ memberId: z.number().int().min(1), sessionId: z.number().int().min(1).optional() }),
  value: z.object({ ended: z.number() }),
});

const staffRow = z.object({
  id: z.number(),
  username: z.string(),
  roles: z.array(staffRole),
  status: z.enum(['active', 'locked']),
  secondFactor: z.boolean(),
  createdAt: z.number(),
  createdBy: z.string(),
  lastLoginAt: z.number().nullable(),
});
export type ConsoleStaffRow = z.infer<typeof staffRow>;

export const consoleStaff = defineCall({ name: 'consoleStaff', method: 'GET', path: '/wps/console/staff', staff: ['owner'], value: z.object({ items: z.array(staffRow) }) });

/** Adds a staff member; answers a one-time password to hand over (the first login changes it and sets up the app). */
export const consoleAddStaff = defineCall({
  name: 'consoleAddStaff',
  method: 'POST',
  path: '/wps/console/staff/add',
  staff: ['owner'],
  body: z.object({ username, roles: z.array(staffRole).min(1).max(STAFF_ROLES.length) }),
  value: z.object({ staff: staffRow, temporaryPassword: z.string() }),
});

/** Changes a staff member's roles, locks or unlocks them (a lock ends their sessions), or resets their app. */
export const consoleUpdateStaff = defineCall({
  name: 'consoleUpdateStaff',
  method: 'POST',
  path: '/wps/console/staff/update',
  staff: ['owner'],
  body: z.object({
    id: z.number().int().min(1),
    roles: z.array(staffRole).min(1).max(STAFF_ROLES.length).optional(),
    status: z.enum(['active', 'locked']).optional(),
    resetSecondFactor: z.boolean().optional(),
  }),
  value: staffRow,
});

const auditRow = z.object({ id: z.number(), at: z.number(), actor: z.string(), command: z.string(), ip: z.string().nullable(), args: z.unknown(), before: z.unknown(), after: z.unknown() });
export type ConsoleAuditRow = z.infer<typeof auditRow>;

export const consoleAudit = defineCall({
  name: 'consoleAudit',
  method: 'GET',
  path: '/wps/console/audit',
  staff: ['risk'],
  query: z.object({ actor: z.string().trim().max(64).optional(), command: z.string().trim().max(64).optional(), ...page }),
  value: paged(auditRow),
});

/** The console's tables a staff member may download, each with the roles that read it. */
export const EXPORT_TABLES = {
  withdrawals: ['finance'],
  deposits: ['finance'],
  draws: ['finance'],
  contracts: ['agents'],
  members: MEMBER_READERS,
  audit: ['risk'],
  adjustments: ['finance'],
} as const satisfies Record<string, readonly StaffRole[]>;
export type ExportTable = keyof typeof EXPORT_TABLES;
/** Rows a download holds at most (a larger list is narrowed by its filters first). */
export const CONSOLE_EXPORT_MAX_ROWS = 50_000;

/**
 * A table as CSV, with the filters it shows (streamed a page at a time; headings in the caller's
 * language, times as the brand's wall clock, amounts as plain numbers). The table's own roles
 * decide who may (EXPORT_TABLES); one download at a time per staff member.
 */
export const consoleExport = defineCall({
  name: 'consoleExport',
  method: 'GET',
  path: '/wps/console/export',
  staff: ['finance', 'support', 'risk', 'agents'],
  query: z.object({
    table: z.enum(Object.keys(EXPORT_TABLES) as [ExportTable, ...ExportTable[]]),
    status: z.string().trim().max(32).optional(),
    username: z.string().trim().max(64).optional(),
    q: z.string().trim().max(64).optional(),
    upline: z.string().trim().max(64).optional(),
    actor: z.string().trim().max(64).optional(),
    command: z.string().trim().max(64).optional(),
    game: z.string().trim().max(32).optional(),
    kind: z.string().trim().max(16).optional(),
    agent: z.string().trim().max(64).optional(),
  }),
  value: fileAnswer,
});

const dayText = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const dashboardValue = z.object({
  from: z.string(),
  to: z.string(),
  totals: z.object({
    deposits: z.string(),
    depositCount: z.number(),
    withdrawals: z.string(),
    withdrawalCount: z.number(),
    bets: z.string(),
    wins: z.string(),
    ggr: z.string(),
    bonusCost: z.string(),
    ngr: z.string(),
    activePlayers: z.number(),
    newPlayers: z.number(),
  }),
  pendingWithdrawals: z.object({ count: z.number(), amount: z.string() }),
  days: z.array(z.object({ day: z.string(), deposits: z.string(), withdrawals: z.string(), bets: z.string(), wins: z.string(), ggr: z.string(), active: z.number() })),
  vendors: z.array(z.object({ vendor: z.string(), category: z.string(), bets: z.string(), wins: z.string(), ggr: z.string(), players: z.number() })),
  categories: z.array(z.object({ category: z.string(), bets: z.string(), wins: z.string(), ggr: z.string() })),
});
export type ConsoleDashboard = z.infer<typeof dashboardValue>;

/** A period's money and players (brand days, at most 31; default the last 7). */
export const consoleDashboard = defineCall({
  name: 'consoleDashboard',
  method: 'GET',
  path: '/wps/console/dashboard',
  staff: ['finance', 'risk'],
  query: z.object({ from: dayText.optional(), to: dayText.optional() }),
  value: dashboardValue,
});

const adjustmentRow = z.object({
  id: z.number(),
  memberId: z.number(),
  username: z.string(),
  amount: z.string(),
  reason: z.string(),
  requestedBy: z.string(),
  requestedAt: z.number(),
  status: z.enum(['pending', 'approving', 'done', 'rejected']),
  decidedBy: z.string().nullable(),
  decidedAt: z.number().nullable(),
});
export type ConsoleAdjustment = z.infer<typeof adjustmentRow>;

/** Credits (or, with a minus, debits) a member's main wallet with a reason; above the threshold a second key decides. */
export const consoleAdjust = defineCall({
  name: 'consoleAdjust',
  method: 'POST',
  path: '/wps/console/adjust',
  staff: ['finance'],
  body: z.object({
    username: z.string().trim().min(1).max(64),
    amount: z.string().trim().min(1).max(20),
    reason: z.string().trim().min(1).max(200),
    /** Made once per form submission: a retry makes the adjustment once. */
    key: z.string().trim().min(8).max(64),
  }),
  value: z.discriminatedUnion('state', [z.object({ state: z.literal('done'), balance: z.string() }), z.object({ state: z.literal('awaitingSecondKey'), request: adjustmentRow })]),
});

export const consoleAdjustments = defineCall({
  name: 'consoleAdjustments',
  method: 'GET',
  path: '/wps/console/adjustments',
  staff: ['finance'],
  query: z.object({ status: z.enum(['pending', 'approving', 'done', 'rejected']).optional() }),
  value: z.object({ items: z.array(adjustmentRow) }),
});

/** The second key on an adjustment waiting for one: approve (paid once) or reject. */
export const consoleDecideAdjustment = defineCall({
  name: 'consoleDecideAdjustment',
  method: 'POST',
  path: '/wps/console/adjustments/decide',
  staff: ['finance'],
  body: z.object({ id: z.number().int().min(1), approve: z.boolean() }),
  value: adjustmentRow,
});

/** The operator commands the caller's roles may run here (each command declares its console roles). */
export const consoleCommands = defineCall({
  name: 'consoleCommands',
  method: 'GET',
  path: '/wps/console/commands',
  staff: [],
  value: z.object({ items: z.array(z.object({ name: z.string(), usage: z.string() })) }),
});

/**
 * Runs one operator command as `npm run ops` would (the same function, audited with the staff
 * member and the address): the words as typed, split by the page (quotes kept together).
 */
export const consoleRunCommand = defineCall({
  name: 'consoleRunCommand',
  method: 'POST',
  path: '/wps/console/commands/run',
  staff: [],
  body: z.object({ argv: z.array(z.string().max(2000)).min(1).max(40) }),
  value: z.object({ ok: z.boolean(), output: z.string() }),
});

// The content studio (issue 30): help sections and promotions' words, per language, with versions.

export const CONTENT_KINDS = ['help', 'promotion', 'announcement', 'banner'] as const;
const contentKind = z.enum(CONTENT_KINDS);
export type StudioKind = z.infer<typeof contentKind>;
/** A document's id: a help section's anchor, a promotion's number (checked by the kind on the server). */
const contentSlug = z.string().trim().min(1).max(64);
const contentLocale = z.string().min(2).max(8);
export const CONTENT_STATES = ['live', 'draft', 'scheduled', 'unpublished'] as const;

const versionInfo = z.object({ number: z.number(), title: z.string(), author: z.string(), at: z.number() });
const localeState = z.object({
  entryId: z.number(),
  state: z.enum(CONTENT_STATES),
  latest: versionInfo,
  published: z.object({ number: z.number(), at: z.number() }).nullable(),
  scheduled: z.object({ number: z.number(), at: z.number() }).nullable(),
  /** Another language was changed after this one's last version: its translation may be behind. */
  outdated: z.boolean(),
});
export type StudioLocaleState = z.infer<typeof localeState>;

/** The documents of a kind, each with its state in every language the brand offers (absent: missing). */
export const consoleContentList = defineCall({
  name: 'consoleContentList',
  method: 'GET',
  path: '/wps/console/content',
  staff: ['content'],
  query: z.object({ kind: contentKind }),
  value: z.object({
    locales: z.array(z.string()),
    items: z.array(z.object({ slug: z.string(), title: z.string(), order: z.number(), locales: z.record(z.string(), localeState) })),
  }),
});
export type StudioList = z.infer<typeof consoleContentList.value>;

const versionDetail = versionInfo.extend({ fields: z.record(z.string(), z.unknown()), body: z.string(), html: z.string() });
export type StudioVersion = z.infer<typeof versionDetail>;

/** One document in every language: its latest words, its versions and its publication history. */
export const consoleContentEntry = defineCall({
  name: 'consoleContentEntry',
  method: 'GET',
  path: '/wps/console/content/entry',
  staff: ['content'],
  query: z.object({ kind: contentKind, slug: contentSlug }),
  value: z.object({
    locales: z.record(
      z.string(),
      z.object({
        state: localeState,
        latest: versionDetail,
        versions: z.array(versionInfo),
        changes: z.array(z.object({ action: z.string(), number: z.number().nullable(), actor: z.string(), at: z.number() })),
      }),
    ),
  }),
});
export type StudioEntry = z.infer<typeof consoleContentEntry.value>;

const contentDraft = z.object({ kind: contentKind, fields: z.record(z.string(), z.unknown()), body: z.string().max(100_000) });

/** Renders a draft as the site will (the same Markdown pipeline and sanitiser), and says what is wrong with its fields. */
export const consoleContentRender = defineCall({
  name: 'consoleContentRender',
  method: 'POST',
  path: '/wps/console/content/render',
  staff: ['content'],
  body: contentDraft,
  value: z.object({ html: z.string(), fieldErrors: z.record(z.string(), z.string()) }),
});

/** Saves a new version (a draft). `base` is the version the editor started from (0: a new document). */
export const consoleContentSave = defineCall({
  name: 'consoleContentSave',
  method: 'POST',
  path: '/wps/console/content/save',
  staff: ['content'],
  body: contentDraft.extend({ slug: contentSlug, locale: contentLocale, base: z.number().int().min(0).max(1_000_000) }),
  value: z.object({ entryId: z.number(), number: z.number() }),
});

/** Publishes a version now, or at `at` (ms since the epoch, in the future). */
export const consoleContentPublish = defineCall({
  name: 'consoleContentPublish',
  method: 'POST',
  path: '/wps/console/content/publish',
  staff: ['content'],
  body: z.object({ entryId: idParam, number: z.number().int().min(1).max(1_000_000), at: z.number().int().min(0).max(8.64e15).optional() }),
  value: z.object({ published: z.number().nullable(), scheduled: z.object({ number: z.number(), at: z.number() }).nullable() }),
});

/** Takes a document off the site, cancels its schedule, or rolls it back to a version (saved anew and published). */
export const consoleContentAction = defineCall({
  name: 'consoleContentAction',
  method: 'POST',
  path: '/wps/console/content/action',
  staff: ['content'],
  body: z.discriminatedUnion('action', [
    z.object({ action: z.literal('unpublish'), entryId: idParam }),
    z.object({ action: z.literal('unschedule'), entryId: idParam }),
    z.object({ action: z.literal('rollback'), entryId: idParam, number: z.number().int().min(1).max(1_000_000) }),
  ]),
  value: z.object({ number: z.number().nullable() }),
});

/** The difference between two versions of a document: its fields and its text, line by line. */
export const consoleContentDiff = defineCall({
  name: 'consoleContentDiff',
  method: 'GET',
  path: '/wps/console/content/diff',
  staff: ['content'],
  query: z.object({ entryId: idParam, from: z.coerce.number().int().min(1).max(1_000_000), to: z.coerce.number().int().min(1).max(1_000_000) }),
  value: z.object({
    fields: z.array(z.object({ name: z.string(), from: z.string().nullable(), to: z.string().nullable() })),
    lines: z.array(z.object({ op: z.enum(['same', 'added', 'removed']), text: z.string() })),
  }),
});
export type StudioDiff = z.infer<typeof consoleContentDiff.value>;

/** A link that shows a kind's drafts on the real page in a language, for an hour. */
export const consoleContentPreviewLink = defineCall({
  name: 'consoleContentPreviewLink',
  method: 'POST',
  path: '/wps/console/content/preview-link',
  staff: ['content'],
  body: z.object({ kind: contentKind, locale: contentLocale }),
  value: z.object({ url: z.string(), expiresAt: z.number() }),
});

const imageView = z.object({ hash: z.string(), name: z.string(), width: z.number(), height: z.number(), url: z.string(), markdown: z.string(), at: z.number() });
export type StudioImage = z.infer<typeof imageView>;

/** The most an image upload may be (5 MB), and its body as a base64 data URL. */
export const STUDIO_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/**
 * Uploads an image (png, jpeg or webp, judged by its bytes; at most 5 MB and 4000 x 4000): it is
 * kept as WebP at a few widths; the answer has the Markdown to insert.
 */
export const consoleContentUpload = defineCall({
  name: 'consoleContentUpload',
  method: 'POST',
  path: '/wps/console/content/images',
  staff: ['content'],
  // Twice the limit is read, so that a picture somewhat too large is told so in words (content.image.size).
  maxBodyBytes: Math.ceil((2 * STUDIO_IMAGE_MAX_BYTES * 4) / 3) + 64 * 1024,
  body: z.object({
    name: z.string().max(300),
    data: z
      .string()
      .min(1)
      .max(Math.ceil((2 * STUDIO_IMAGE_MAX_BYTES * 4) / 3) + 200),
  }),
  value: imageView,
});

/** The latest uploads, newest first. */
export const consoleContentImages = defineCall({
  name: 'consoleContentImages',
  method: 'GET',
  path: '/wps/console/content/images',
  staff: ['content'],
  value: z.object({ items: z.array(imageView) }),
});

const licence = z.object({ holder: z.string().trim().min(1).max(200), number: z.string().trim().min(1).max(100) });
const siteFacts = z.object({
  licences: z.object({ curacao: licence, mexico: licence.optional() }),
  mirrors: z
    .array(
      z.object({
        url: z
          .url()
          .max(300)
          .refine((u) => u.startsWith('https://'), 'https only'),
        verifyCode: z.string().trim().min(4).max(64),
      }),
    )
    .max(50),
});
export type SiteFacts = z.infer<typeof siteFacts>;

/** The brand's licence texts and official mirror sites as the site shows them, and as its file says. */
export const consoleSiteFacts = defineCall({
  name: 'consoleSiteFacts',
  method: 'GET',
  path: '/wps/console/content/facts',
  staff: ['content'],
  value: z.object({ current: siteFacts, file: siteFacts }),
});

/** Sets the licence texts and mirror sites (every process within a second; audited with before and after). */
export const consoleSaveSiteFacts = defineCall({
  name: 'consoleSaveSiteFacts',
  method: 'POST',
  path: '/wps/console/content/facts',
  staff: ['content'],
  body: siteFacts,
  value: siteFacts,
});

const registerRule = z.object({ enabled: z.boolean(), required: z.boolean(), min: z.number().int().min(0).max(255), max: z.number().int().min(0).max(255) });
const maintenanceState = z.object({
  on: z.boolean(),
  /** When it is announced to end (ms), or null. */
  end: z.number().nullable(),
  /** A line for visitors of the maintenance screen, or null. */
  notice: z.string().nullable(),
});
const brandValue = z.object({
  name: z.string(),
  merchantCode: z.string(),
  /** Each white-label flag of the brand file: in force now, and as the file says. */
  flags: z.array(z.object({ id: z.string(), on: z.boolean(), file: z.boolean() })),
  register: z.array(registerRule.extend({ field: z.string(), file: registerRule })),
  protocol: z.enum(['strict', 'compatible']),
  fileProtocol: z.enum(['strict', 'compatible']),
  maintenance: maintenanceState,
  /** Blocked subnets (CIDR). */
  regions: z.array(z.string()),
});
export type ConsoleBrand = z.infer<typeof brandValue>;

/** The brand in force: white-label flags, registration rules, protocol profile, maintenance and region blocks. */
export const consoleBrand = defineCall({ name: 'consoleBrand', method: 'GET', path: '/wps/console/brand', staff: ['risk'], value: brandValue });

/**
 * Changes flags, registration rules or the protocol profile (owners): on every process within a
 * second; `reset` drops them all (back to the brand file; the licences and mirrors stay).
 */
export const consoleSaveBrand = defineCall({
  name: 'consoleSaveBrand',
  method: 'POST',
  path: '/wps/console/brand/rules',
  staff: ['owner'],
  body: z.object({
    flags: z.record(z.string().max(32), z.boolean()).optional(),
    register: z.record(z.string().max(32), registerRule.partial()).optional(),
    protocol: z.enum(['strict', 'compatible']).optional(),
    reset: z.boolean().optional(),
  }),
  value: brandValue,
});

/** Switches maintenance (risk): the whole site shows the maintenance screen; the console keeps answering. */
export const consoleSetMaintenance = defineCall({
  name: 'consoleSetMaintenance',
  method: 'POST',
  path: '/wps/console/brand/maintenance',
  staff: ['risk'],
  body: z.object({ on: z.boolean(), end: z.number().int().positive().max(LATEST_TIME).nullable().optional(), notice: z.string().trim().max(300).nullable().optional() }),
  value: brandValue,
});

/** Replaces the blocked subnets (risk); each must parse as an address or a CIDR subnet. */
export const consoleSetRegions = defineCall({
  name: 'consoleSetRegions',
  method: 'POST',
  path: '/wps/console/brand/regions',
  staff: ['risk'],
  body: z.object({ cidrs: z.array(z.string().trim().max(64)).max(500) }),
  value: brandValue,
});

const applicationRow = z.object({ memberId: z.number(), username: z.string(), promotionId: z.number(), title: z.string(), appliedAt: z.number() });
export type ConsoleApplication = z.infer<typeof applicationRow>;

/** Promotion applications waiting for a decision, oldest first, titled in the caller's language. */
export const consoleApplications = defineCall({
  name: 'consoleApplications',
  method: 'GET',
  path: '/wps/console/engagement/applications',
  staff: ['finance'],
  value: z.object({ items: z.array(applicationRow) }),
});

/** Approves (pays the promotion's reward, with its wagering) or rejects an application; a message tells the member. */
export const consoleDecideApplication = defineCall({
  name: 'consoleDecideApplication',
  method: 'POST',
  path: '/wps/console/engagement/applications/decide',
  staff: ['finance'],
  body: z.object({ memberId: z.number().int().min(1), promotionId: z.number().int().min(1), decision: z.enum(['approve', 'reject']), note: z.string().trim().max(300).default('') }),
  value: z.object({ status: z.string() }),
});

const redemptionRow = redemptionView.extend({
  memberId: z.number(),
  username: z.string(),
  /** Where goods go (goods only). */
  address: z.object({ name: z.string(), phone: z.string(), address: z.string() }).nullable(),
});
export type ConsoleRedemption = z.infer<typeof redemptionRow>;

/** The points mall's redemptions (issue 32): goods waiting first (pending, then shipped, oldest first), by state and member. */
export const consoleRedemptions = defineCall({
  name: 'consoleRedemptions',
  method: 'GET',
  path: '/wps/console/mall/redemptions',
  staff: ['support', 'finance'],
  query: z.object({ status: z.enum(REDEMPTION_STATUSES).optional(), username: z.string().trim().max(64).optional(), ...page }),
  value: paged(redemptionRow),
});

/** Moves a goods redemption on: shipped (a tracking note), done, or refused (its points and stock given back; the note tells the member why). */
export const consoleRedemptionStatus = defineCall({
  name: 'consoleRedemptionStatus',
  method: 'POST',
  path: '/wps/console/mall/redemptions/status',
  staff: ['support', 'finance'],
  body: z.object({ id: z.number().int().min(1), to: z.enum(['shipped', 'done', 'refused']), note: z.string().trim().max(300).default('') }),
  value: z.object({ status: z.enum(REDEMPTION_STATUSES) }),
});

const messageText = z.object({ title: z.string().trim().min(1).max(100), body: z.string().trim().min(1).max(2000) });
/**
 * A platform message to members (by username) or to everyone: its words for every language,
 * and optionally a language's own (keyed by locale code); marketing never reaches a member under
 * a protection block.
 */
export const consoleSendMessage = defineCall({
  name: 'consoleSendMessage',
  method: 'POST',
  path: '/wps/console/engagement/message',
  staff: ['support'],
  body: z.object({
    everyone: z.boolean().default(false),
    to: z.array(z.string().trim().min(1).max(64)).max(200).default([]),
    words: messageText,
    translations: z.partialRecord(z.enum(LOCALES.map((l) => l.code) as [Locale, ...Locale[]]), messageText).default({}),
    marketing: z.boolean().default(false),
  }),
  value: z.object({ sent: z.number(), skipped: z.number(), everyone: z.boolean() }),
});

const sentMessageRow = z.object({ id: z.number(), at: z.number(), to: z.string().nullable(), title: z.string(), marketing: z.boolean() });
/** The latest operator messages (50). */
export const consoleMessages = defineCall({
  name: 'consoleMessages',
  method: 'GET',
  path: '/wps/console/engagement/messages',
  staff: ['support'],
  value: z.object({ items: z.array(sentMessageRow) }),
});

/** Agent contracts, newest first, by kind, agent and state, with their parties and terms. */
export const consoleContracts = defineCall({
  name: 'consoleContracts',
  method: 'GET',
  path: '/wps/console/agents/contracts',
  staff: ['agents'],
  query: z.object({
    kind: CONTRACT_KIND.optional(),
    agent: z.string().trim().max(64).optional(),
    status: z.enum(['offered', 'active', 'rejected', 'expired', 'withdrawn', 'ended']).optional(),
    ...page,
  }),
  value: paged(contractView),
});

/** A contract from the house to an agent (terms as an agent's offer takes them); it is active at once. */
export const consoleGrantContract = defineCall({
  name: 'consoleGrantContract',
  method: 'POST',
  path: '/wps/console/agents/contracts/grant',
  staff: ['agents'],
  body: z.object({ agent: z.string().trim().min(1).max(64), kind: CONTRACT_KIND, terms: termsInput }),
  value: z.object({ id: z.number() }),
});

/** Ends an active contract (the agent's own offers below it follow the contract rules). */
export const consoleEndContract = defineCall({
  name: 'consoleEndContract',
  method: 'POST',
  path: '/wps/console/agents/contracts/end',
  staff: ['agents'],
  body: z.object({ id: z.number().int().min(1) }),
  value: z.object({ ended: z.literal(true) }),
});

const settledRow = z.object({ start: z.number(), end: z.number(), settledAt: z.number(), corrections: z.number(), lines: z.number(), paid: z.string() });
/** The settled periods of a stream (daily, hourly, realtime, dividend:D|W|H|M), newest first. */
export const consoleSettlements = defineCall({
  name: 'consoleSettlements',
  method: 'GET',
  path: '/wps/console/agents/settlements',
  staff: ['agents'],
  query: z.object({ stream: z.string().trim().max(16).default('daily'), limit: z.coerce.number().int().min(1).max(200).default(30) }),
  value: z.object({ streams: z.array(z.string()), items: z.array(settledRow) }),
});

const dryLine = z.object({ contractId: z.number(), agentId: z.number(), validBet: z.string(), tier: z.number(), rate: z.number(), due: z.string(), settled: z.boolean(), change: z.string() });
/**
 * The closed period of a stream that holds `at`: a dry run (what it would pay now, beside what it
 * paid; nothing written) or a run (settled once; settled already: the corrections it needs).
 */
export const consoleSettle = defineCall({
  name: 'consoleSettle',
  method: 'POST',
  path: '/wps/console/agents/settle',
  staff: ['agents'],
  body: z.object({ stream: z.string().trim().max(16), at: z.number().int().positive().max(LATEST_TIME), dryRun: z.boolean().default(true) }),
  value: z.object({ period: z.string(), lines: z.array(dryLine).nullable(), outcome: z.string().nullable(), corrections: z.number().nullable() }),
});

/** A member's feedback (support's view of it) with who sent it and who answered. */
const feedbackRow = feedbackView.extend({ memberId: z.number(), username: z.string(), answeredBy: z.string().nullable() });
export type ConsoleFeedback = z.infer<typeof feedbackRow>;

/** Members' feedback: open ones oldest first (the queue), answered ones newest first. */
export const consoleFeedback = defineCall({
  name: 'consoleFeedback',
  method: 'GET',
  path: '/wps/console/feedback',
  staff: ['support'],
  query: z.object({ status: z.enum(['open', 'answered']).default('open'), ...page }),
  value: paged(feedbackRow),
});

/** Answers an open feedback, once; the answer reaches the member as a platform message too. */
export const consoleAnswerFeedback = defineCall({
  name: 'consoleAnswerFeedback',
  method: 'POST',
  path: '/wps/console/feedback/answer',
  staff: ['support'],
  body: z.object({ id: z.number().int().min(1), answer: z.string().trim().min(1).max(2000) }),
  value: z.object({ id: z.number(), status: z.literal('answered') }),
});

/** A picture of a feedback (WebP), for support's eyes. */
export const consoleFeedbackImage = defineCall({
  name: 'consoleFeedbackImage',
  method: 'GET',
  path: '/wps/console/feedback/image',
  staff: ['support'],
  query: z.object({ id: idParam }),
  value: fileAnswer,
});

/* ---- The live chat's desk (issue 31, support) ---- */

const deskRow = z.object({
  id: z.number(),
  status: z.enum(['waiting', 'open', 'closed']),
  assignedTo: z.string().nullable(),
  memberId: z.number().nullable(),
  name: z.string(),
  visitor: z.boolean(),
  contact: z.string().nullable(),
  createdAt: z.number(),
  lastMessageAt: z.number(),
  waitingSeconds: z.number(),
  unread: z.number(),
  preview: z.string(),
});
export type ConsoleDeskRow = z.infer<typeof deskRow>;

/** The desk's queue: waiting conversations oldest first, the caller's, the others'; the staff who can take a transfer; canned replies. */
export const consoleChatQueue = defineCall({
  name: 'consoleChatQueue',
  method: 'GET',
  path: '/wps/console/chat/queue',
  // Reloaded by every change the desk's stream reports: not the staff member's own doing.
  passive: true,
  staff: ['support'],
  value: z.object({
    waiting: z.array(deskRow),
    mine: z.array(deskRow),
    others: z.array(deskRow),
    agents: z.array(z.object({ username: z.string(), open: z.number(), online: z.boolean() })),
    /** The caller takes new chats by themselves while their desk is open. */
    accepting: z.boolean(),
    perAgent: z.number(),
    canned: z.array(z.string()),
  }),
});

/** Whether the caller takes new chats by themselves (auto-assignment by load, while their desk is open). */
export const consoleChatAccepting = defineCall({
  name: 'consoleChatAccepting',
  method: 'POST',
  path: '/wps/console/chat/accepting',
  staff: ['support'],
  body: z.object({ accepting: z.boolean() }),
  value: z.object({ accepting: z.boolean() }),
});

/** Closed conversations, newest first (transcripts, reopening), optionally one member's. */
export const consoleChatClosed = defineCall({
  name: 'consoleChatClosed',
  method: 'GET',
  path: '/wps/console/chat/closed',
  staff: ['support'],
  query: z.object({ memberId: idParam.optional(), ...page }),
  value: paged(deskRow),
});

/** One conversation with every message (notes included). */
export const consoleChatConversation = defineCall({
  name: 'consoleChatConversation',
  method: 'GET',
  path: '/wps/console/chat/conversation',
  staff: ['support'],
  query: z.object({ id: idParam }),
  value: z.object({ row: deskRow, conversation: chatConversationView, messages: z.array(chatMessageView), blocked: z.boolean() }),
});

const chatId = z.object({ id: z.number().int().min(1).max(INT4_MAX) });

/** Takes a waiting conversation. */
export const consoleChatTake = defineCall({ name: 'consoleChatTake', method: 'POST', path: '/wps/console/chat/take', staff: ['support'], body: chatId, value: chatConversationView });

/** Hands a conversation to another staff member of support. */
export const consoleChatTransfer = defineCall({
  name: 'consoleChatTransfer',
  method: 'POST',
  path: '/wps/console/chat/transfer',
  staff: ['support'],
  body: chatId.extend({ to: z.string().trim().min(1).max(40) }),
  value: z.object({ assignedTo: z.string() }),
});

/** An answer to the member, or a note for staff only. */
export const consoleChatSend = defineCall({
  name: 'consoleChatSend',
  method: 'POST',
  path: '/wps/console/chat/send',
  staff: ['support'],
  body: chatId.extend({ body: z.string().trim().min(1).max(4000), note: z.boolean().default(false) }),
  value: chatMessageView,
});

export const consoleChatRead = defineCall({
  name: 'consoleChatRead',
  method: 'POST',
  path: '/wps/console/chat/read',
  passive: true,
  staff: ['support'],
  body: chatId.extend({ upTo: z.number().int().min(0) }),
  value: z.object({}),
});
export const consoleChatTyping = defineCall({ name: 'consoleChatTyping', method: 'POST', path: '/wps/console/chat/typing', staff: ['support'], body: chatId, value: z.object({}) });
export const consoleChatClose = defineCall({ name: 'consoleChatClose', method: 'POST', path: '/wps/console/chat/close', staff: ['support'], body: chatId, value: chatConversationView });
export const consoleChatReopen = defineCall({ name: 'consoleChatReopen', method: 'POST', path: '/wps/console/chat/reopen', staff: ['support'], body: chatId, value: chatConversationView });

/** Bars a member from the chat (with a reason), or lifts it. */
export const consoleChatBlock = defineCall({
  name: 'consoleChatBlock',
  method: 'POST',
  path: '/wps/console/chat/block',
  staff: ['support'],
  body: z.object({ memberId: z.number().int().min(1).max(INT4_MAX), blocked: z.boolean(), reason: z.string().trim().max(500).default('') }),
  value: z.object({ blocked: z.boolean() }),
});

/** A picture of a conversation (a message id), for support's eyes. */
export const consoleChatPicture = defineCall({
  name: 'consoleChatPicture',
  method: 'GET',
  path: '/wps/console/chat/picture',
  passive: true,
  staff: ['support'],
  query: z.object({ id: idParam }),
  value: fileAnswer,
});

/** A conversation's transcript (plain text). */
export const consoleChatTranscript = defineCall({
  name: 'consoleChatTranscript',
  method: 'GET',
  path: '/wps/console/chat/transcript',
  staff: ['support'],
  query: z.object({ id: idParam }),
  value: fileAnswer,
});

/** Server-sent events: with `id`, that conversation's (messages by id, state, typing, read); without, the desk's `changed` signals. */
export const consoleChatStream = defineCall({
  name: 'consoleChatStream',
  method: 'GET',
  path: '/wps/console/chat/stream',
  passive: true,
  staff: ['support'],
  query: z.object({ id: idParam.optional(), after: z.coerce.number().int().min(0).optional() }),
  value: eventStream,
});

export const consoleCalls = [
  consoleLogin,
  consoleLogout,
  consoleMe,
  consoleWithdrawals,
  consoleApproveWithdrawal,
  consoleRejectWithdrawal,
  consoleDeposits,
  consoleDraws,
  consoleCancelDraw,
  consoleRunDraws,
  consoleBrand,
  consoleSaveBrand,
  consoleSetMaintenance,
  consoleSetRegions,
  consoleApplications,
  consoleDecideApplication,
  consoleSendMessage,
  consoleMessages,
  consoleRedemptions,
  consoleRedemptionStatus,
  consoleContracts,
  consoleGrantContract,
  consoleEndContract,
  consoleSettlements,
  consoleSettle,
  consoleFeedback,
  consoleAnswerFeedback,
  consoleFeedbackImage,
  consoleChatQueue,
  consoleChatAccepting,
  consoleChatClosed,
  consoleChatConversation,
  consoleChatTake,
  consoleChatTransfer,
  consoleChatSend,
  consoleChatRead,
  consoleChatTyping,
  consoleChatClose,
  consoleChatReopen,
  consoleChatBlock,
  consoleChatTranscript,
  consoleChatPicture,
  consoleChatStream,
  consoleMembers,
  consoleMember,
  consoleEndSessions,
  consoleMemberNote,
  consoleMemberLock,
  consoleMemberResetSecondFactor,
  consoleStaff,
  consoleAddStaff,
  consoleUpdateStaff,
  consoleAudit,
  consoleCommands,
  consoleRunCommand,
  consoleAdjust,
  consoleAdjustments,
  consoleDecideAdjustment,
  consoleDashboard,
  consoleExport,
  consoleContentList,
  consoleContentEntry,
  consoleContentRender,
  consoleContentSave,
  consoleContentPublish,
  consoleContentAction,
  consoleContentDiff,
  consoleContentPreviewLink,
  consoleContentUpload,
  consoleContentImages,
  consoleSiteFacts,
  consoleSaveSiteFacts,
] as const;
