/**
 * The data walls (scripts/walls-sql.ts, issue 27): a feature's tables are written by that feature
 * only, and read by others only in their server code, through the tables its index.ts lends.
 */
import { describe, expect, it } from 'vitest';
import { tableBreaches, tableIndex } from '../../../scripts/walls-sql.ts';

const OWNERS = [
  { path: 'src/features/accounts/index.ts', text: "export { member, memberSession } from './server/tables.ts';" },
  { path: 'src/features/accounts/server/tables.ts', text: "export const member = pgTable('member', {}); export const memberSession = pgTable('member_session', {});" },
  { path: 'src/features/games/index.ts', text: "export { game, vendor as vendorTable } from './server/tables.ts';" },
  { path: 'src/features/games/server/tables.ts', text: "export const vendor = pgTable('vendor', {});" },
];
const check = (path: string, text: string) => tableBreaches([{ path, text }], tableIndex(OWNERS)).map((b) => b.key);

describe('the data walls', () => {
  it("let a later feature's server code join the tables a feature lends, and the owner write its own", () => {
    expect(check('src/features/agent/server/team.ts', "import { member } from '../../accounts/index.ts';\ndb.select().from(member)")).toEqual([]);
    expect(check('src/features/agent/server/x.ts', 'db.execute(sql`select id from member m join vendor v on true`)')).toEqual([]);
    expect(check('src/features/accounts/server/members.ts', "import { member } from './tables.ts';\ndb.update(member).set({})")).toEqual([]);
  });

  it("refuse a write to another feature's table, by the query builder or by hand-written SQL", () => {
    expect(check('src/features/agent/server/seed.ts', "import { createMember, member } from '../../accounts/index.ts';\nawait db.update(member).set({ createdAt })")).toEqual([
      'agent -> accounts.member (write)',
    ]);
    expect(check('src/features/agent/server/x.ts', "import { member as m } from '#features/accounts/index.ts';\ntx.insert(m).values({})")).toEqual(['agent -> accounts.member (write)']);
    expect(check('src/features/promotions/server/x.ts', 'await tx.execute(sql`update member set vip_level = 2`)')).toEqual(['promotions -> accounts.member (write)']);
    expect(check('src/features/promotions/server/x.ts', 'sql`delete from "member_session" where true`')).toEqual(['promotions -> accounts.member_session (write)']);
  });

  it("refuse a view that queries another feature's table instead of asking its face", () => {
    expect(check('src/features/lottery/views/LotteryPage.astro', "import { vendorTable } from '#features/games/index.ts';\nconst rows = await db.select().from(vendorTable);")).toEqual([
      'lottery -> games.vendorTable (view)',
    ]);
    expect(check('src/features/lottery/views/LotteryPage.astro', "import { vendorNames } from '#features/games/index.ts';")).toEqual([]);
  });
});
