/**
 * An agent's team (issue 13): who is in it, found by the materialised path of the agent tree
 * (member.tree_path: a team is a prefix scan, see docs/architecture.md 'The agent tree'), and
 * the guard every agent call passes.
 */
import { and, asc, desc, eq, inArray, like, ne, sql, type SQL } from 'drizzle-orm';
import { agentSettings } from './settings.ts';
import type { z } from 'zod';
import { AGENT_TYPES, findById, isAgentType, member, PLAYER_TYPE, sessionOf, type Member } from '../../accounts/index.ts';
import { ledgerAccount } from '../../wallet/index.ts';
import { uplineViewSql } from '../../protection/index.ts';
import type { Db } from '../../../kernel/db/index.ts';
import type { HandlerContext } from '../../../kernel/http/dispatch.ts';
import { ApiError } from '../../../kernel/http/errors.ts';
import { formatMinor } from '../../../kernel/money.ts';
import { brand } from '../../../kernel/brand/index.ts';
import { maskAddress } from '../../../kernel/mask.ts';
import type { agentTeamMembers, TeamMember } from '../contract.ts';

/** The calling agent's account; refuses anyone else (403 agent.only) and a frozen agent. */
export async function requireAgent(db: Db, ctx: HandlerContext): Promise<Member> {
  const s = sessionOf(ctx);
  if (!isAgentType(s.type)) throw new ApiError(403, 'agent.only');
  const m = await findById(db, s.memberId);
  if (!m || m.status !== 'active' || !isAgentType(m.type)) throw new ApiError(403, 'agent.only');
  // A path that is not this member's own would open someone else's team (or everyone's, if empty).
  if (!m.treePath.endsWith(`/${m.id}/`)) throw new ApiError(403, 'agent.only');
  return m;
}

/** `id` when it names a member of `agent`'s team (below it, at any depth); else 404 agent.member.unknown, found or not. */
export async function teamMemberOf(db: Db, agent: Member, id: number): Promise<Member> {
  const m = id === agent.id ? null : await findById(db, id);
  if (!m || !m.treePath.startsWith(agent.treePath) || m.id === agent.id) throw new ApiError(404, 'agent.member.unknown');
  return m;
}

/** Rows below `top` (its whole team, or its direct members). Paths hold digits and '/', so LIKE needs no escaping. */
export const below = (top: Pick<Member, 'id' | 'treePath'>, scope: 'direct' | 'all'): SQL =>
  scope === 'direct' ? eq(member.uplineId, top.id) : and(like(member.treePath, `${top.treePath}%`), ne(member.id, top.id))!;

/** How many members are below `top`: all of them, and its direct ones. */
export async function teamCounts(db: Db, top: Pick<Member, 'id' | 'treePath'>): Promise<{ teamSize: number; directCount: number }> {
  const [row] = await db
    .select({
      teamSize: sql<number>`count(*)`.mapWith(Number),
      directCount: sql<number>`count(*) filter (where ${member.uplineId} = ${top.id})`.mapWith(Number),
    })
    .from(member)
    .where(below(top, 'all'));
  return row ?? { teamSize: 0, directCount: 0 };
}

type TeamQuery = z.output<typeof agentTeamMembers.query>;

// The outer row's columns are named with their table in the subqueries below: Drizzle writes a
// column of a one-table select without it, which inside a subquery would name the inner table's.
/** Main and game wallets of a member, summed (the member's money, holds for withdrawals aside). */
const balanceOf = sql<bigint>`coalesce((select sum(la.balance) from ${ledgerAccount} la where la.member_id = "member"."id" and la.kind in ('main', 'game')), 0)`;
/**
 * Members below a member: the paths from its own up to the same with ':' (the character after
 * '9'; paths hold only digits and '/'), compared with the text_pattern_ops operators so that the
 * correlated count is an index range scan of member_tree_path_idx (a LIKE with a per-row pattern
 * could use no index and would scan every member for every row).
 */
const teamSizeOf = sql<number>`(select count(*) from ${member} d where d.tree_path ~>=~ "member"."tree_path" and d.tree_path ~<~ ("member"."tree_path" || ':')) - 1`;

/** One page of the team of `parent` (the caller or a sub-agent in its team), as team management shows it. */
export async function listTeam(db: Db, caller: Member, parent: Member, q: TeamQuery) {
  const needle = q.search ? `%${q.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where = and(
    below(parent, q.scope),
    needle ? sql`lower(${member.username}) like ${needle}` : undefined,
    q.kind === 'player' ? eq(member.type, PLAYER_TYPE) : q.kind === 'agent' ? inArray(member.type, [...AGENT_TYPES]) : undefined,
  );
  const sortColumn = {
    regDate: member.createdAt,
    username: sql`lower(${member.username})`,
    lastLogin: member.lastLoginAt,
    balance: balanceOf,
    teamSize: teamSizeOf,
  }[q.sort];
  const direction = q.order === 'asc' ? asc : desc;
  const rows = await db
    .select({
      id: member.id,
      username: member.username,
      nickname: member.nickname,
      type: member.type,
      depth: member.depth,
      uplineId: member.uplineId,
      createdAt: member.createdAt,
      registerIp: member.registerIp,
      lastLoginAt: member.lastLoginAt,
      lastLoginIp: member.lastLoginIp,
      status: member.status,
      balance: balanceOf.mapWith((v) => BigInt(v ?? 0)),
      teamSize: teamSizeOf.mapWith(Number),
      protection: uplineViewSql(sql`"member"."id"`),
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(member)
    .where(where)
    // Nulls (never logged in) last either way; the id breaks ties so pages never overlap.
    .orderBy(sql`${direction(sortColumn)} nulls last`, direction(member.id))
    .limit(q.pageSize)
    .offset((q.pageNo - 1) * q.pageSize);
  let total = rows[0]?.total ?? 0;
  if (!rows.length && q.pageNo > 1) {
    const [c] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(member)
      .where(where);
    total = c!.n;
  }
  const decimals = brand().currencyDecimals;
  const content: TeamMember[] = rows.map((r) => ({
    id: r.id,
    username: r.username,
    nickname: r.nickname,
    type: r.type,
    isAgent: isAgentType(r.type),
    level: r.depth - caller.depth,
    regDate: r.createdAt.getTime(),
    registerIp: addressFor(caller, r.uplineId, r.registerIp),
    lastLoginAt: r.lastLoginAt?.getTime() ?? null,
    lastLoginIp: addressFor(caller, r.uplineId, r.lastLoginIp),
    balance: Number(formatMinor(r.balance, decimals)),
    status: r.status,
    protection: r.protection ? { state: r.protection.state, until: r.protection.until } : null,
    teamSize: r.teamSize,
  }));
  return { content, pageNum: q.pageNo, totalPages: Math.ceil(total / q.pageSize), totalCount: total, path: await pathBetween(db, caller, parent) };
}

/**
 * A member's address as `caller` may see it (the brand's agent.team.memberAddresses): in full only
 * for its direct upline, masked for every upline above (or for all, or hidden for all).
 */
function addressFor(caller: Member, uplineId: number | null, ip: string | null): string | null {
  const rule = agentSettings().team.memberAddresses;
  if (ip === null || rule === 'hidden') return null;
  return rule === 'direct' && uplineId === caller.id ? ip : maskAddress(ip);
}

/** The members from `caller` down to `parent` (both included), for the breadcrumb. */
async function pathBetween(db: Db, caller: Member, parent: Member): Promise<{ id: number; username: string }[]> {
  const ids = parent.treePath
    .slice(caller.treePath.length - String(caller.id).length - 1)
    .split('/')
    .filter(Boolean)
    .map(Number);
  if (!ids.length) return [{ id: caller.id, username: caller.username }];
  const rows = await db.select({ id: member.id, username: member.username }).from(member).where(inArray(member.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)!).filter(Boolean);
}
