import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb, type TestDb } from '../../../../tests/support/db.ts';
import { callApi } from '../../../../tests/support/api.ts';
import { runOps, parseArgs } from '../../ops.ts';
import { opsAudit } from '../../schema.ts';

let t: TestDb;
beforeAll(async () => {
  t = await openTestDb();
});
afterAll(async () => {
  await t.dispose();
});

describe('the ops command', () => {
  it('parses words and flags, with or without =', () => {
    expect(parseArgs(['maintenance', 'on', '--end=2030-01-01T00:00:00Z', '--notice', 'Back soon'])).toEqual({
      words: ['maintenance', 'on'],
      flags: { end: '2030-01-01T00:00:00Z', notice: 'Back soon' },
    });
  });

  it('switches maintenance on with an end and a notice, and the status call says so at once', async () => {
    const r = await runOps(t.db, ['maintenance', 'on', '--end', '2030-01-01T10:00:00Z', '--notice', 'Wallet upgrade'], 'test');
    expect(r.ok).toBe(true);
    const s = await callApi('/wps/system/status');
    expect(s.json.value).toMatchObject({ status: 1, maintenanceEnd: Date.parse('2030-01-01T10:00:00Z'), maintenanceNotice: 'Wallet upgrade' });
    expect((await runOps(t.db, ['maintenance', 'off'], 'test')).ok).toBe(true);
    expect((await callApi('/wps/system/status')).json.value.status).toBe(0);
  });

  it('refuses an end time that is not a time, and changes nothing', async () => {
    const r = await runOps(t.db, ['maintenance', 'on', '--end', 'tomorrow-ish'], 'test');
    expect(r.ok).toBe(false);
    expect(r.output).toContain('Not a time');
    expect((await callApi('/wps/system/status')).json.value.status).toBe(0);
  });

  it('blocks, lists, unblocks and clears subnets', async () => {
    expect((await runOps(t.db, ['regions', 'block', '203.0.113.0/24', '2001:db8::/32'], 'test')).ok).toBe(true);
    expect((await callApi('/wps/system/status', { ip: '203.0.113.9' })).json.value.status).toBe(2);
    expect((await runOps(t.db, ['regions', 'list'], 'test')).output).toBe('203.0.113.0/24\n2001:db8::/32');
    await runOps(t.db, ['regions', 'unblock', '203.0.113.0/24'], 'test');
    expect((await callApi('/wps/system/status', { ip: '203.0.113.9' })).json.value.status).toBe(0);
    expect((await callApi('/wps/system/status', { ip: '2001:db8::5' })).json.value.status).toBe(2);
    await runOps(t.db, ['regions', 'clear'], 'test');
    expect((await runOps(t.db, ['regions', 'list'], 'test')).output).toBe('(no region is blocked)');
  });

  it('refuses a subnet that is not one, keeping the previous list', async () => {
    await runOps(t.db, ['regions', 'block', '198.51.100.0/24'], 'test');
    const r = await runOps(t.db, ['regions', 'block', '300.1.1.1/8'], 'test');
    expect(r.ok).toBe(false);
    expect((await runOps(t.db, ['regions', 'list'], 'test')).output).toBe('198.51.100.0/24');
    await runOps(t.db, ['regions', 'clear'], 'test');
  });

  it('prints its usage for an unknown command', async () => {
    const r = await runOps(t.db, ['launch', 'rockets'], 'test');
    expect(r.ok).toBe(false);
    expect(r.output).toContain('Usage: npm run ops');
  });

  it('records every change in the audit log, and nothing for reads or refusals', async () => {
    const rows = await t.db.select().from(opsAudit);
    const commands = rows.map((r) => r.command);
    expect(commands).toContain('maintenance on');
    expect(commands).toContain('regions block');
    expect(commands).not.toContain('regions list');
    expect(commands).not.toContain('launch rockets');
    expect(rows.every((r) => r.actor === 'test')).toBe(true);
  });
});
