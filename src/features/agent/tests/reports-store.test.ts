/**
 * The reports' stores (client/reports.ts) against a scripted API: the period and its pages,
 * filters sent with their form and selects at once, one call per query, a member outside the
 * team under its field, and an ended session left to the shell.
 */
import { allTasks } from 'nanostores';
import { describe, expect, it } from 'vitest';
import { ApiFailure } from '../../../kernel/http/client.ts';
import { createOverview, createSettlements, createTeamBetting, createTeamTransactions, createUserLoss } from '../client/reports.ts';
import { fakeApi, type Sent } from './fake-api.ts';

const range = { from: '2026-03-09', to: '2026-03-15' };
const rows = { content: [], pageNum: 1, totalPages: 1, totalCount: 0 };

function shown<R extends { $list: { listen: (l: () => void) => unknown } }>(report: R): R {
  report.$list.listen(() => undefined);
  return report;
}

describe('a report store', () => {
  it("asks for the period's first page once shown, and again from page 1 when the period changes", async () => {
    const api = fakeApi(() => rows);
    const loss = shown(createUserLoss({ client: api.client, range }));
    await allTasks();
    loss.setPage(3);
    await allTasks();
    loss.setRange({ from: '2026-02-14', to: '2026-03-15' });
    await allTasks();
    expect(api.sent.map((s) => s.query)).toEqual([
      { from: '2026-03-09', to: '2026-03-15', pageNo: '1', pageSize: '20', order: 'asc' },
      { from: '2026-03-09', to: '2026-03-15', pageNo: '3', pageSize: '20', order: 'asc' },
      { from: '2026-02-14', to: '2026-03-15', pageNo: '1', pageSize: '20', order: 'asc' },
    ]);
  });

  it('asks nothing for a query already shown, and asks again on retry', async () => {
    const api = fakeApi(() => rows);
    const income = shown(createOverview({ client: api.client, range }));
    await allTasks();
    income.setRange({ ...range });
    income.apply();
    await allTasks();
    expect(api.sent).toHaveLength(1);
    await income.retry();
    expect(api.sent).toHaveLength(2);
    expect(api.sent[1]).toEqual({ name: 'agentOverview', query: range });
  });

  it('applies text filters when their form is sent, selects at once, and sends no blank filter', async () => {
    const api = fakeApi(() => rows);
    const tx = shown(createTeamTransactions({ client: api.client, range }));
    await allTasks();
    tx.type('username', 'dt_p1');
    await allTasks();
    expect(api.sent).toHaveLength(1);
    tx.choose('kind', 'deposit');
    await allTasks();
    expect(api.sent.at(-1)!.query).toEqual({ ...range, pageNo: '1', pageSize: '20', kind: 'deposit' });
    tx.setPage(2);
    tx.apply();
    await allTasks();
    expect(api.sent.at(-1)!.query).toEqual({ ...range, pageNo: '1', pageSize: '20', kind: 'deposit', username: 'dt_p1' });
    expect(tx.$exportQuery.get()).toEqual({ ...range, kind: 'deposit', username: 'dt_p1' });
  });

  it("writes a vendor's code in capitals as it is typed, and leaves blank filters out of the query", async () => {
    const api = fakeApi(() => rows);
    const bets = shown(createTeamBetting({ client: api.client, range }));
    bets.type('vendor', 'pg');
    bets.type('username', ' ');
    expect(bets.$draft.get()).toEqual({ username: ' ', category: '', vendor: 'PG' });
    bets.apply();
    await allTasks();
    expect(api.sent.at(-1)!.query).toEqual({ ...range, pageNo: '1', pageSize: '20', vendor: 'PG' });
  });

  it('tells a member outside the team under its field, and other failures over the list', async () => {
    let failure = new ApiFailure('Not a member of your team', 'agent.member.unknown', 404);
    const api = fakeApi(() => {
      throw failure;
    });
    const bets = shown(createTeamBetting({ client: api.client, range }));
    await allTasks();
    expect(bets.$issue.get()).toEqual({ field: 'Not a member of your team', list: null });
    failure = new ApiFailure('Network link is abnormal, please try again', 'network', 0);
    await bets.retry();
    expect(bets.$issue.get()).toEqual({ field: null, list: 'Network link is abnormal, please try again' });
  });

  it('leaves an ended session to the shell: the list says no failure of its own', async () => {
    const api = fakeApi(() => {
      throw new ApiFailure('You are not logged in, please login', 'login.not.session', 401);
    });
    const overview = shown(createOverview({ client: api.client, range }));
    await allTasks();
    expect(overview.$list.get()).toEqual({ data: null, error: null, code: null, loading: false });
  });

  it('asks for the settlement records of its kind', async () => {
    const api = fakeApi((s: Sent) => ({ ...rows, totals: { amount: 0, validBet: 0 }, kind: s.query!.kind }));
    shown(createSettlements({ client: api.client, range, kind: 'hourly' }));
    await allTasks();
    expect(api.sent).toEqual([{ name: 'agentSettlements', query: { kind: 'hourly', ...range, pageNo: '1', pageSize: '20' } }]);
  });
});
