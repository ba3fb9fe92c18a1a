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
import { defineCall, intParam } from '../../kernel/contract.ts';

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
    /** The brand's money and time, for the back office's figures. */
    currencySymbol: z.string(),
    timeZone: z.string(),
  }),
});

export const agentCalls = [agentTeamMembers, agentRegister, agentProfile];
