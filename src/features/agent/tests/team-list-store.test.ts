/**
 * Team management's store (client/team.ts) against a scripted API: the first page of the whole
 * team, filters from the first page, the tree and its path, pages, and an older answer that
 * arrives late.
 */
import { allTasks } from 'nanostores';
import { describe, expect, it } from 'vitest';
import { ApiFailure } from '../../../kernel/http/client.ts';
import { createTeamList } from '../client/team.ts';
import { fakeApi, later, type Sent } from './fake-api.ts';

const page = (path = [{ id: 7, username: 'demoagent' }], names = ['a']) => ({
  content: names.map((username, id) => ({ id, username })),
  pageNum: 1,
  totalPages: 3,
  totalCount: 41,
  path,
});

function list(answer: (s: Sent) => unknown = () => page()) {
  const api = fakeApi(answer);
  const team = createTeamList({ client: api.client });
  team.$team.listen(() => undefined);
  return { api, team };
}

describe('the team list store', () => {
  it('first asks for the whole team, newest registrations first, 20 to a page', async () => {
    const { api, team } = list();
    await allTasks();
    expect(api.sent).toEqual([{ name: 'agentTeamMembers', query: { scope: 'all', kind: 'all', sort: 'regDate', order: 'desc', pageNo: '1', pageSize: '20' } }]);
    expect(team.$team.get()).toMatchObject({ loading: false, error: null, data: { totalCount: 41 } });
  });

  it('asks again from the first page whenever a filter changes, and a search sent twice refreshes the list', async () => {
    const { api, team } = list();
    await team.turn(1);
    expect(api.sent.at(-1)!.query).toMatchObject({ pageNo: '2' });
    await team.filter({ kind: 'agent' });
    expect(api.sent.at(-1)!.query).toMatchObject({ kind: 'agent', pageNo: '1' });
    team.type('  dt_a1 ');
    await team.search();
    await team.search();
    expect(api.sent.slice(-2).map((s) => s.query)).toEqual([expect.objectContaining({ search: 'dt_a1' }), expect.objectContaining({ search: 'dt_a1' })]);
  });

  it("opens a sub-agent's own team, and goes back up by the path", async () => {
    const { api, team } = list((s) =>
      page(
        s.query!.parentId
          ? [
              { id: 7, username: 'demoagent' },
              { id: 12, username: 'dt_a1' },
            ]
          : undefined,
      ),
    );
    await team.open(12);
    expect(api.sent.at(-1)!.query).toMatchObject({ parentId: '12', pageNo: '1' });
    expect(team.$path.get().map((p) => p.username)).toEqual(['demoagent', 'dt_a1']);
    await team.up(undefined);
    expect(api.sent.at(-1)!.query).not.toHaveProperty('parentId');
    expect(team.$path.get()).toHaveLength(1);
  });

  it('shows only the newest answer: a slow answer to older filters never wins', async () => {
    const slow = later<unknown>();
    const { team } = list((s) => (s.query!.kind === 'player' ? slow.promise : page(undefined, ['newest'])));
    await allTasks();
    const first = team.filter({ kind: 'player' });
    await team.filter({ kind: 'agent' });
    slow.resolve(page(undefined, ['older']));
    await first;
    expect(team.$team.get().data!.content.map((m) => m.username)).toEqual(['newest']);
  });

  it('keeps the rows shown while the next page loads, says a failure, and asks again on retry', async () => {
    let fail = false;
    const { api, team } = list(() => {
      if (fail) throw new ApiFailure('Network link is abnormal, please try again', 'network', 0);
      return page();
    });
    await allTasks();
    fail = true;
    const turning = team.turn(1);
    expect(team.$team.get()).toMatchObject({ loading: true, data: { totalCount: 41 } });
    await turning;
    expect(team.$team.get()).toMatchObject({ loading: false, error: 'Network link is abnormal, please try again' });
    fail = false;
    await team.retry();
    expect(team.$team.get()).toMatchObject({ error: null, loading: false });
    expect(api.sent.at(-1)!.query).toMatchObject({ pageNo: '2' });
  });
});
