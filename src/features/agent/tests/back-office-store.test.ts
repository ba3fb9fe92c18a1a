/**
 * The back office's store (client/back-office.ts) without a browser: the section opened and
 * remembered, the member centre's pages over it, the profile and its menu, the catalogue.
 */
import { allTasks } from 'nanostores';
import { describe, expect, it } from 'vitest';
import { $memberCentre } from '../../../shell/member-centre/store.ts';
import { createBackOffice } from '../client/back-office.ts';
import type { AgentLabels } from '../client/labels.ts';
import { fakeApi } from './fake-api.ts';

const profile = {
  id: 7,
  username: 'demoagent',
  type: 1,
  creatableTypes: [0, 1],
  teamSize: 3,
  directCount: 2,
  isDemo: false,
  currencySymbol: '$',
  timeZone: 'UTC',
  contractKinds: { daily: true, hourly: false, realtime: false, dividend: false },
};
const words = { menuLabel: 'Agent centre' } as AgentLabels;

function office(remembered: string | null = null) {
  const kept = new Map<string, string>(remembered === null ? [] : [['agent.section', remembered]]);
  const storage = { getItem: (k: string) => kept.get(k) ?? null, setItem: (k: string, v: string) => void kept.set(k, v) };
  const api = fakeApi(() => profile);
  const loads: string[] = [];
  const labels = { loaded: () => undefined, load: async (lang: string) => (loads.push(lang), words) };
  return { api, kept, loads, office: createBackOffice({ client: api.client, lang: 'es', labels, storage: () => storage }) };
}

describe('the back office store', () => {
  it('opens on the section remembered, and remembers the next one chosen', () => {
    const { office: o, kept } = office('userLoss');
    expect(o.$section.get()).toBe('userLoss');
    o.choose('teamOverview');
    expect(o.$section.get()).toBe('teamOverview');
    expect(o.$chosen.get()).toBe(1);
    expect(kept.get('agent.section')).toBe('teamOverview');
  });

  it("opens the member centre's own pages over the section shown, which stays", () => {
    const { office: o, kept } = office();
    o.choose('deposit');
    expect($memberCentre.get()).toBe('deposit');
    expect(o.$section.get()).toBe('teamManagement');
    expect(o.$chosen.get()).toBe(0);
    expect(kept.has('agent.section')).toBe(false);
  });

  it('loads the profile once shown, and again when the team changed; the menu follows its contract kinds', async () => {
    const { office: o, api } = office();
    expect(o.$menu.get().map(([k]) => k)).not.toContain('dailyWages');
    o.$profile.listen(() => undefined);
    await allTasks();
    expect(o.$profile.get()).toEqual(profile);
    const menu = o.$menu.get().map(([k]) => k);
    expect(menu).toContain('dailyWages');
    expect(menu).not.toContain('dividend');
    o.teamChanged();
    await allTasks();
    expect(api.sent.map((s) => s.name)).toEqual(['agentProfile', 'agentProfile']);
  });

  it('after a registration, shows the team list afresh', () => {
    const { office: o } = office('registerAccount');
    o.showTeam();
    expect(o.$section.get()).toBe('teamManagement');
    expect(o.$teamVersion.get()).toBe(1);
  });

  it("loads the agent catalogue in the page's language when it is not there yet", async () => {
    const { office: o, loads } = office();
    expect(o.$labels.get()).toBeUndefined();
    o.$labels.listen(() => undefined);
    await allTasks();
    expect(loads).toEqual(['es']);
    expect(o.$labels.get()).toBe(words);
  });
});
