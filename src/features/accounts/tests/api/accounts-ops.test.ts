import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb, type TestDb } from '../../../../../tests/support/db.ts';
import { callApi } from '../../../../../tests/support/api.ts';
import { freshIp, login, requestCode } from '../../../../../tests/support/accounts.ts';
import { runOps } from '../../../../app/ops.ts';
import { member, opsAudit } from '../../../../app/schema.ts';
import { DEMO_ACCOUNTS, seedDemoAccounts } from '../../server/seed.ts';
import { seedDemoIfNeeded } from '../../../../app/seed.ts';

let t: TestDb;
beforeAll(async () => {
  t = await openTestDb();
});
afterAll(async () => {
  await t.dispose();
});

describe('npm run ops -- user:create', () => {
  it('creates a top-level agent and a player under it; both must change the password at first login', async () => {
    const a = await runOps(t.db, ['user:create', '--type', 'agent', '--username', 'topagent1', '--password', 'Agent123'], 'test');
    expect(a.ok).toBe(true);
    expect(a.output).toMatch(/^Created agent topagent1 \(id \d+, type 1, affiliate code [A-Z2-9]{8}\); the password must be changed at first login\.$/);
    const p = await runOps(t.db, ['user:create', '--type', 'player', '--username', 'testplayer1', '--password', 'Player123', '--upline', 'topagent1'], 'test');
    expect(p.ok).toBe(true);
    const ip = freshIp();
    const agentLogin = await login({ username: 'topagent1', password: 'Agent123', agentLogin: true }, { ip });
    expect(agentLogin.json.value).toMatchObject({ isAgent: true, customerType: 1, passwordExpired: true, firstTimeLogin: true });
    const playerLogin = await login({ username: 'testplayer1', password: 'Player123' }, { ip });
    expect(playerLogin.json.value.passwordExpired).toBe(true);
    const info = await callApi('/wps/member/info', { headers: { authorization: playerLogin.json.value.token } });
    expect(info.json.value.upline).toBe('topagent1');
  });

  it('creates agents of the other agent types, and keeps the password on request', async () => {
    const r = await runOps(t.db, ['user:create', '--type', 'agent', '--agent-type', '42', '--username', 'subagent42', '--password', 'Agent123', '--keep-password'], 'test');
    expect(r.ok).toBe(true);
    const l = await login({ username: 'subagent42', password: 'Agent123', agentLogin: true }, { ip: freshIp() });
    expect(l.json.value).toMatchObject({ customerType: 42, passwordExpired: false });
  });

  it('refuses what it cannot create, changing nothing', async () => {
    const bad: string[][] = [
      ['user:create', '--type', 'boss', '--username', 'someone1', '--password', 'Secret123'],
      ['user:create', '--type', 'player', '--username', '1x', '--password', 'Secret123'],
      ['user:create', '--type', 'player', '--username', 'someone1', '--password', 'x'],
      ['user:create', '--type', 'agent', '--agent-type', '4', '--username', 'someone1', '--password', 'Secret123'],
      ['user:create', '--type', 'player', '--username', 'someone1', '--password', 'Secret123', '--upline', 'testplayer1'],
      ['user:create', '--type', 'player', '--username', 'TOPAGENT1', '--password', 'Secret123'],
    ];
    for (const argv of bad) {
      const r = await runOps(t.db, argv, 'test');
      expect({ argv, ok: r.ok }).toEqual({ argv, ok: false });
    }
    expect(await t.db.select().from(member).where(eq(member.username, 'someone1'))).toHaveLength(0);
  });

  it('never writes the password into the audit log', async () => {
    await runOps(t.db, ['user:create', '--type', 'player', '--username', 'audited1', '--password', 'Hidden123'], 'test');
    const rows = await t.db.select().from(opsAudit);
    const row = rows.find((r) => JSON.stringify(r.args).includes('audited1'))!;
    expect(row.command).toBe('user:create');
    expect(JSON.stringify(row.args)).not.toContain('Hidden123');
  });
});

describe('npm run ops -- sms-outbox', () => {
  it('lists the sandbox sms, newest first, filtered by number', async () => {
    await runOps(t.db, ['user:create', '--type', 'player', '--username', 'smsuser1', '--password', 'Secret123', '--mobile', '05591112222'], 'test');
    await requestCode('noLogin', '5591112222');
    const all = await runOps(t.db, ['sms-outbox'], 'test');
    expect(all.ok).toBe(true);
    expect(all.output).toMatch(/\+525591112222 {2}Lucky Demo: your verification code is \d{6}/);
    const mine = await runOps(t.db, ['sms-outbox', '--mobile', '05591112222'], 'test');
    expect(mine.output.split('\n')).toHaveLength(1);
    expect((await runOps(t.db, ['sms-outbox', '--mobile', '5500000000'], 'test')).output).toBe('(no sms in the outbox)');
    expect((await runOps(t.db, ['email-outbox'], 'test')).output).toBe('(no e-mail in the outbox)');
  });

  it('shows the accounts commands in the usage', async () => {
    const r = await runOps(t.db, ['help'], 'test');
    expect(r.output).toContain('user:create --type player|agent');
    expect(r.output).toContain('sms-outbox');
  });
});

describe('demo accounts', () => {
  it('seeds a player under an agent, once, labelled as demo, with the passwords the README gives', async () => {
    await seedDemoAccounts(t.db);
    await seedDemoAccounts(t.db);
    for (const a of DEMO_ACCOUNTS) {
      const rows = await t.db.select().from(member).where(eq(member.username, a.username));
      expect(rows).toHaveLength(1);
      expect(rows[0]!.isDemo).toBe(true);
      const l = await login({ username: a.username, password: a.password }, { ip: freshIp() });
      expect(l.json.value).toMatchObject({ isAgent: a.role === 'agent', passwordExpired: false });
    }
  });

  it('are part of the demo seed', async () => {
    const fresh = await openTestDb();
    try {
      await seedDemoIfNeeded(fresh, { size: 600 });
      const rows = await fresh.db.select().from(member);
      const named = rows.filter((r) => !r.username.startsWith('dt_'));
      expect(named.map((r) => r.username).sort()).toEqual(['demoagent', 'demoplayer']);
      // Everyone else is the demo agent's labelled demo team (src/features/agent/server/seed.ts).
      const agent = named.find((r) => r.username === 'demoagent')!;
      expect(rows.filter((r) => r.username.startsWith('dt_')).every((r) => r.isDemo && r.treePath.startsWith(agent.treePath))).toBe(true);
    } finally {
      await fresh.dispose();
      const { useDb } = await import('../../../../kernel/db/index.ts');
      useDb(t);
    }
  });
});
