/**
 * The agent's team (issue 13): the tree's paths, team management's list and tree, registering
 * downline accounts, and access: every agent call tried with another agent's member ids, ids
 * outside the tree, an upline's and a sibling's ids, and the tokens of a player, a trial account
 * and a visitor. On both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, like } from 'drizzle-orm';
import { openTestDb, type TestDb } from '../../../../../tests/support/db.ts';
import { callApi } from '../../../../../tests/support/api.ts';
import { fund, walletUser } from '../../../../../tests/support/wallet.ts';
import { callEnc, login } from '../../../../../tests/support/accounts.ts';
import { member } from '../../../../app/schema.ts';
import { seedDemoAccounts } from '../../../accounts/server/seed.ts';
import { seedDemoAgentTeam } from '../../server/seed.ts';
import { agentSettings } from '../../server/settings.ts';
import { agentCalls } from '../../contract.ts';
import { addDays, dayIn } from '../../../../kernel/days.ts';
import { latestBirthday } from '../../../accounts/registerPatterns.ts';
import { runOps } from '../../../../app/ops.ts';
import { brand } from '../../../../kernel/brand/index.ts';

let t: TestDb;
type U = Awaited<ReturnType<typeof walletUser>>;
let A: U, B: U, C: U, P1: U, P2: U, P3: U, X: U, Q: U;

beforeAll(async () => {
  t = await openTestDb();
  A = await walletUser({ type: 1, username: `agtop${Date.now().toString(36).slice(-5)}` });
  B = await walletUser({ type: 1, uplineId: A.id, username: `agsub${Date.now().toString(36).slice(-5)}` });
  P1 = await walletUser({ uplineId: A.id, username: `zzplayer1${Date.now().toString(36).slice(-4)}` });
  P2 = await walletUser({ uplineId: B.id });
  C = await walletUser({ type: 1, uplineId: B.id });
  P3 = await walletUser({ uplineId: C.id });
  X = await walletUser({ type: 2 });
  Q = await walletUser({ uplineId: X.id });
});
afterAll(() => t.dispose());

const members = (u: U, query: Record<string, string | number> = {}) => u.call('/wps/agent/team/members', { query });
const ids = (r: { json: { value: { content: { id: number }[] } } }) => r.json.value.content.map((m) => m.id).sort((a, b) => a - b);
const sorted = (...us: U[]) => us.map((u) => u.id).sort((a, b) => a - b);
const register = (u: U, body: Record<string, unknown>) => callEnc('/wps/agent/team/register', 'POST', body, { headers: { authorization: u.token } });

describe('the agent tree', () => {
  it('gives every member its upline path at insert, and never lets an upline change', async () => {
    const rows = await t.db.select({ id: member.id, treePath: member.treePath, depth: member.depth }).from(member).where(eq(member.id, P3.id));
    expect(rows[0]).toEqual({ id: P3.id, treePath: `/${A.id}/${B.id}/${C.id}/${P3.id}/`, depth: 3 });
    await expect(t.db.update(member).set({ uplineId: X.id }).where(eq(member.id, P3.id))).rejects.toThrow();
  });
});

describe('team management', () => {
  it('lists the whole team, or the direct members, with their level and team size', async () => {
    const all = await members(A, { pageSize: 50 });
    expect(all.status, JSON.stringify(all.json)).toBe(200);
    expect(ids(all)).toEqual(sorted(B, P1, P2, C, P3));
    expect(all.json.value.totalCount).toBe(5);
    const b = all.json.value.content.find((m: { id: number }) => m.id === B.id);
    expect(b).toMatchObject({ username: B.username, type: 1, isAgent: true, level: 1, teamSize: 3, status: 'active', balance: 0 });
    expect(all.json.value.content.find((m: { id: number }) => m.id === P3.id)).toMatchObject({ level: 3, teamSize: 0, isAgent: false });
    expect(ids(await members(A, { scope: 'direct' }))).toEqual(sorted(B, P1));
    const profile = await A.call('/wps/agent/profile');
    expect(profile.json.value).toMatchObject({ id: A.id, type: 1, creatableTypes: [0, 1], teamSize: 5, directCount: 2 });
  });

  it("opens a sub-agent's own team, with the path from the caller", async () => {
    const r = await members(A, { parentId: B.id, scope: 'direct' });
    expect(ids(r)).toEqual(sorted(P2, C));
    expect(r.json.value.path.map((p: { id: number }) => p.id)).toEqual([A.id, B.id]);
    expect(r.json.value.content.every((m: { level: number }) => m.level === 2)).toBe(true);
    const deep = await members(A, { parentId: C.id });
    expect(ids(deep)).toEqual([P3.id]);
    expect(deep.json.value.path.map((p: { id: number }) => p.id)).toEqual([A.id, B.id, C.id]);
    // The sub-agent sees its own team with itself at the top.
    const own = await members(B);
    expect(ids(own)).toEqual(sorted(P2, C, P3));
    expect(own.json.value.path.map((p: { id: number }) => p.id)).toEqual([B.id]);
  });

  it('searches, filters by kind, sorts and pages', async () => {
    expect(ids(await members(A, { search: P1.username.slice(2, 9).toUpperCase() }))).toEqual([P1.id]);
    expect(ids(await members(A, { search: '%' }))).toEqual([]);
    expect(ids(await members(A, { kind: 'agent' }))).toEqual(sorted(B, C));
    expect(ids(await members(A, { kind: 'player' }))).toEqual(sorted(P1, P2, P3));
    await fund(P2.id, 12_50n);
    const rich = await members(A, { sort: 'balance', order: 'desc', pageSize: 1 });
    expect(rich.json.value.content[0]).toMatchObject({ id: P2.id, balance: 12.5 });
    expect(rich.json.value.totalPages).toBe(5);
    const names = (await members(A, { sort: 'username', order: 'asc' })).json.value.content.map((m: { username: string }) => m.username.toLowerCase());
    expect(names).toEqual([...names].sort());
    const pages = [];
    for (let p = 1; p <= 3; p++) pages.push(...ids(await members(A, { sort: 'teamSize', pageSize: 2, pageNo: p })));
    expect(
      pages.sort((a, b) => a - b),
      'pages neither overlap nor skip',
    ).toEqual(sorted(B, P1, P2, C, P3));
    expect((await members(A, { sort: 'nonsense' })).json.errorCode).toBe('request.invalid');
  });
});

describe('player protection in the team (issue 28)', () => {
  it('shows a time-out with its end and an exclusion without its reason, and gives the agent no way to lift them', async () => {
    const [tp, ex] = [await walletUser({ uplineId: B.id }), await walletUser({ uplineId: B.id })];
    const took = await tp.call('/wps/member/protection/timeout', { method: 'POST', body: { length: '24h' } });
    expect(took.json.success, JSON.stringify(took.json)).toBe(true);
    expect((await ex.call('/wps/member/protection/exclude', { method: 'POST', body: { length: '6m' } })).json.success).toBe(true);
    const list = (await members(B, { pageSize: 50 })).json.value.content as { id: number; protection: unknown }[];
    // The end is the brand's day only (an exact time would tell the length the player chose).
    expect(list.find((m) => m.id === tp.id)?.protection).toEqual({ state: 'timeout', until: dayIn(took.json.value.until, brand().timeZone) });
    expect(list.find((m) => m.id === ex.id)?.protection).toMatchObject({ state: 'excluded', until: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    expect(list.find((m) => m.id === P2.id)?.protection).toBeNull();
    // The top agent sees the same; nothing in the agent's calls lifts a block.
    expect(((await members(A, { pageSize: 50 })).json.value.content as { id: number; protection: unknown }[]).find((m) => m.id === ex.id)?.protection).toMatchObject({ state: 'excluded' });
    // No agent call can lift one: none of them touches protection's state.
    expect(agentCalls.filter((c) => /protection|exclu|timeout|block/i.test(c.path))).toEqual([]);
    const still = (await members(B, { pageSize: 50 })).json.value.content as { id: number; protection: unknown }[];
    expect(still.find((m) => m.id === ex.id)?.protection).toMatchObject({ state: 'excluded' });
  });
});

describe("members' addresses", () => {
  const addrs = async (u: U, query: Record<string, string | number> = {}) =>
    new Map(
      ((await members(u, { pageSize: 50, ...query })).json.value.content as { id: number; registerIp: string | null; lastLoginIp: string | null }[]).map((m) => [m.id, [m.registerIp, m.lastLoginIp]]),
    );

  beforeAll(async () => {
    await t.db.update(member).set({ registerIp: '203.0.113.7', lastLoginIp: '2001:db8:85a3::8a2e:370:7334' }).where(eq(member.id, P2.id));
    await t.db.update(member).set({ registerIp: '198.51.100.23', lastLoginIp: '198.51.100.24' }).where(eq(member.id, P3.id));
  });

  it('shows them in full only to the direct upline; every upline above sees them masked', async () => {
    const byB = await addrs(B);
    expect(byB.get(P2.id)).toEqual(['203.0.113.7', '2001:db8:85a3::8a2e:370:7334']);
    expect(byB.get(P3.id)).toEqual(['198.51.100.*', '198.51.100.*']);
    const byA = await addrs(A);
    expect(byA.get(P2.id)).toEqual(['203.0.113.*', '2001:db8:85a3:*']);
    expect(byA.get(P3.id)).toEqual(['198.51.100.*', '198.51.100.*']);
    // Opening a sub-agent's team changes nothing: A is still not their direct upline.
    expect((await addrs(A, { parentId: B.id })).get(P2.id)).toEqual(['203.0.113.*', '2001:db8:85a3:*']);
    expect((await addrs(C)).get(P3.id)).toEqual(['198.51.100.23', '198.51.100.24']);
  });

  it("follows the brand's setting: masked for every upline, or hidden", async () => {
    const setting = agentSettings().team;
    try {
      setting.memberAddresses = 'masked';
      expect((await addrs(C)).get(P3.id)).toEqual(['198.51.100.*', '198.51.100.*']);
      setting.memberAddresses = 'hidden';
      expect((await addrs(C)).get(P3.id)).toEqual([null, null]);
      expect((await addrs(A)).get(P2.id)).toEqual([null, null]);
    } finally {
      setting.memberAddresses = 'direct';
    }
  });
});

describe('access', () => {
  it('refuses a player, a trial account and a visitor every agent call', async () => {
    const trial = await walletUser({ type: 4 });
    for (const who of [P1, trial]) {
      for (const r of [await members(who), await who.call('/wps/agent/profile'), await register(who, { username: 'nobodyhere1', password: 'Passw0rd1', confirmPassword: 'Passw0rd1', type: 0 })]) {
        expect([r.status, r.json.errorCode]).toEqual([403, 'agent.only']);
      }
    }
    for (const path of ['/wps/agent/team/members', '/wps/agent/profile']) expect((await callApi(path)).status).toBe(401);
  });

  it('never shows an agent another team, its upline, its siblings or ids that do not exist, and says the same for each', async () => {
    const refused = async (u: U, parentId: number) => {
      const r = await members(u, { parentId });
      return [r.status, r.json.errorCode];
    };
    for (const id of [Q.id, X.id, 999_999_999]) expect(await refused(A, id), String(id)).toEqual([404, 'agent.member.unknown']);
    // A sub-agent: not its upline, not its upline's other members.
    for (const id of [A.id, P1.id]) expect(await refused(B, id), String(id)).toEqual([404, 'agent.member.unknown']);
    expect(await refused(C, B.id)).toEqual([404, 'agent.member.unknown']);
    // The other agent sees only its own.
    expect(ids(await members(X))).toEqual([Q.id]);
    for (const id of [A.id, B.id, P3.id]) expect(await refused(X, id)).toEqual([404, 'agent.member.unknown']);
  });
});

describe('the demo team', () => {
  it('gives the demo agent sub-agents on three levels and players under each, labelled demo, once', async () => {
    await seedDemoAccounts(t.db);
    await seedDemoAgentTeam(t.db);
    await seedDemoAgentTeam(t.db);
    const [top] = await t.db.select().from(member).where(eq(member.username, 'demoagent'));
    const team = await t.db
      .select({ depth: member.depth, type: member.type, isDemo: member.isDemo })
      .from(member)
      .where(like(member.treePath, `${top!.treePath}%`));
    const below = team.filter((m) => m.depth > top!.depth);
    // 3 + 6 + 6 sub-agents, 12 players under each of the 16 agents, and the demo player.
    expect(below).toHaveLength(15 + 16 * 12 + 1);
    expect(Math.max(...below.map((m) => m.depth)) - top!.depth).toBe(4);
    expect(below.every((m) => m.isDemo)).toBe(true);
  });
});

describe('register account', () => {
  it('creates a player and a sub-agent under the caller, who must change the password at first login', async () => {
    const name = `newpl${Date.now().toString(36).slice(-6)}`;
    const r = await register(A, { username: name, password: 'Start1234', confirmPassword: 'Start1234', type: 0, nickname: 'Neo' });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.value).toMatchObject({ username: name, type: 0 });
    const [row] = await t.db.select().from(member).where(eq(member.id, r.json.value.id));
    expect(row).toMatchObject({ uplineId: A.id, treePath: `/${A.id}/${r.json.value.id}/`, mustChangePassword: true, nickname: 'Neo' });
    const first = await login({ username: name, password: 'Start1234' });
    expect(first.json.value.passwordExpired, 'the first password is to be changed').toBe(true);
    const sub = await register(B, { username: `newag${Date.now().toString(36).slice(-6)}`, password: 'Start1234', confirmPassword: 'Start1234', type: 1 });
    expect(sub.status, JSON.stringify(sub.json)).toBe(200);
    expect(ids(await members(A, { parentId: B.id, scope: 'direct' }))).toContain(sub.json.value.id);
  });

  it('refuses another agent type, bad fields in the caller language, and a taken username', async () => {
    const other = await register(A, { username: `typex${Date.now().toString(36).slice(-6)}`, password: 'Start1234', confirmPassword: 'Start1234', type: 2 });
    expect([other.status, other.json.errorCode]).toEqual([403, 'agent.type.forbidden']);
    const bad = await callEnc('/wps/agent/team/register', 'POST', { username: 'a', password: 'x', confirmPassword: 'y', type: 0 }, { headers: { authorization: A.token, language: 'ES' } });
    expect([bad.status, bad.json.errorCode]).toEqual([400, 'request.invalid']);
    expect(Object.keys(bad.json.fieldErrors).sort()).toEqual(['confirmPassword', 'password', 'username']);
    expect(bad.json.fieldErrors.confirmPassword).toMatch(/coincide/i);
    const taken = await register(A, { username: P1.username, password: 'Start1234', confirmPassword: 'Start1234', type: 0 });
    expect([taken.status, taken.json.errorCode]).toEqual([409, 'register.username.taken']);
  });

  it("asks the birthday where the brand does, and refuses one under the brand's minimum age (issue 28)", async () => {
    const rule = brand().register.birthday!;
    const before = { ...rule };
    Object.assign(rule, { enabled: true, required: true });
    try {
      expect((await A.call('/wps/agent/profile')).json.value).toMatchObject({ birthday: 'required', minimumAge: 18 });
      const base = () => ({ username: `bday${Date.now().toString(36).slice(-6)}${Math.floor(Math.random() * 99)}`, password: 'Start1234', confirmPassword: 'Start1234', type: 0 });
      expect((await register(A, base())).json.fieldErrors).toEqual({ birthday: 'Input cannot be empty' });
      const today = dayIn(Date.now(), brand().timeZone);
      const young = await register(A, { ...base(), birthday: addDays(latestBirthday(18, today), 1) });
      expect(young.json.fieldErrors.birthday).toMatch(/18/);
      const ok = await register(A, { ...base(), birthday: latestBirthday(18, today) });
      expect(ok.status, JSON.stringify(ok.json)).toBe(200);
      const [row] = await t.db.select({ profile: member.profile }).from(member).where(eq(member.id, ok.json.value.id));
      expect(row?.profile).toMatchObject({ birthday: latestBirthday(18, today) });
      // The operator's command asks it too.
      const name = `opbd${Date.now().toString(36).slice(-6)}`;
      expect((await runOps(t.db, ['user:create', '--type', 'player', '--username', name, '--password', 'Start1234'], 'test')).output).toContain('--birthday yyyy-MM-dd is required');
      expect((await runOps(t.db, ['user:create', '--type', 'player', '--username', name, '--password', 'Start1234', '--birthday', addDays(latestBirthday(18, today), 1)], 'test')).output).toContain(
        'minimum age of 18',
      );
      expect((await runOps(t.db, ['user:create', '--type', 'player', '--username', name, '--password', 'Start1234', '--birthday', '1990-04-01'], 'test')).ok).toBe(true);
    } finally {
      Object.assign(rule, before);
    }
    expect((await A.call('/wps/agent/profile')).json.value.birthday).toBe('off');
  });
});
