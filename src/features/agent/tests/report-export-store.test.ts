/**
 * A report's export (client/export.ts) against a scripted download: the file saved under the
 * server's name, the note of what it holds, and a refusal said under the button.
 */
import { describe, expect, it } from 'vitest';
import { EXPORT_MAX_ROWS } from '../contract.ts';
import { ApiFailure } from '../../../kernel/http/client.ts';
import { createExport } from '../client/export.ts';
import { fakeApi } from './fake-api.ts';

const words = { exported: '{{rows}} rows saved in {{file}}', truncated: 'Only the first {{rows}} rows' };
const csv = (rows: number) => new Blob([['Time,Member', ...Array.from({ length: rows }, (_, i) => `${i},m`)].join('\r\n') + '\r\n']);

describe('the export store', () => {
  it("saves the file of the report's query under the server's name, and says how many rows it holds", async () => {
    const api = fakeApi(
      () => null,
      () => ({ blob: csv(3), fileName: 'team-bets.csv' }),
    );
    const saved: string[] = [];
    const ex = createExport({ client: api.client, report: 'bets', words, save: (_blob, name) => void saved.push(name) });
    const run = ex.run({ from: '2026-03-09', to: '2026-03-15', vendor: 'PG' });
    expect(ex.$export.get()).toEqual({ busy: true, note: null });
    await run;
    expect(api.sent).toEqual([{ name: 'agentExport', query: { from: '2026-03-09', to: '2026-03-15', vendor: 'PG', report: 'bets' } }]);
    expect(saved).toEqual(['team-bets.csv']);
    expect(ex.$export.get()).toEqual({ busy: false, note: { text: '3 rows saved in team-bets.csv' } });
  });

  it('names a file the server did not name after its report, and says when the rows were cut at the most a file holds', async () => {
    const api = fakeApi(
      () => null,
      () => ({ blob: csv(EXPORT_MAX_ROWS), fileName: '' }),
    );
    const saved: string[] = [];
    const ex = createExport({ client: api.client, report: 'loss', words, save: (_blob, name) => void saved.push(name) });
    await ex.run({});
    expect(saved).toEqual(['loss.csv']);
    expect(ex.$export.get().note).toEqual({ text: `Only the first ${EXPORT_MAX_ROWS} rows` });
  });

  it('says a refusal (another export still running) as an error, and saves nothing', async () => {
    const api = fakeApi(
      () => null,
      () => {
        throw new ApiFailure('Another export is running, try again in a moment', 'agent.export.busy', 429);
      },
    );
    const saved: string[] = [];
    const ex = createExport({ client: api.client, report: 'income', words, save: (_blob, name) => void saved.push(name) });
    await ex.run({});
    expect(saved).toEqual([]);
    expect(ex.$export.get()).toEqual({ busy: false, note: { text: 'Another export is running, try again in a moment', error: true } });
  });
});
