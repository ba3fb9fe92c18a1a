/**
 * The brand file in parts (issue 27): the kernel's fields and each feature's own part, checked
 * together at start (src/app/brand.ts, src/kernel/brand/sections.ts).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { brandNames, brandsDir, loadBrandFile } from '../../kernel/brand/index.ts';
import { parseBrandFile } from '../../kernel/brand/schema.ts';
import { agentSettings } from '../../features/agent/server/settings.ts';
import { BRAND_SECTIONS, checkBrand } from '../brand.ts';

const demo = JSON.parse(readFileSync(path.join(brandsDir(), 'demo.json'), 'utf8')) as Record<string, unknown>;

describe('the brand file in parts', () => {
  it('every shipped brand passes the kernel and every feature part', () => {
    expect(brandNames().length).toBeGreaterThanOrEqual(2);
    for (const name of brandNames()) expect(() => checkBrand(loadBrandFile(name)), name).not.toThrow();
    expect(BRAND_SECTIONS.map((s) => s.key)).toContain('agent');
  });

  it("a feature's part takes its defaults when the file has none, and the file's values when it has", () => {
    expect(agentSettings.of(parseBrandFile(demo, 'demo'))).toEqual({
      contracts: { daily: true, hourly: true, realtime: true, dividend: true, offerExpiryHours: 72 },
      team: { memberAddresses: 'direct' },
    });
    const b = parseBrandFile({ ...demo, agent: { contracts: { hourly: false }, team: { memberAddresses: 'hidden' } } }, 'demo');
    expect(agentSettings.of(b).contracts.hourly).toBe(false);
    expect(agentSettings.of(b).team.memberAddresses).toBe('hidden');
    // A file of the first releases keeps its settings under the old keys.
    const old = parseBrandFile({ ...demo, agentContracts: { dividend: false }, agentTeam: { memberAddresses: 'masked' } }, 'demo');
    expect(() => checkBrand(old)).not.toThrow();
    expect(agentSettings.of(old).contracts.dividend).toBe(false);
    expect(agentSettings.of(old).team.memberAddresses).toBe('masked');
  });

  it('a key nobody declares, or a bad value in a part, stops the start with its path', () => {
    expect(() => checkBrand(parseBrandFile({ ...demo, agnet: {} }, 'demo'))).toThrow(/unknown key\(s\) "agnet"/);
    expect(() => checkBrand(parseBrandFile({ ...demo, agent: { contracts: { offerExpiryHours: 0 } } }, 'demo'))).toThrow(/agent\.contracts\.offerExpiryHours/);
    expect(() => checkBrand(parseBrandFile({ ...demo, agent: { team: { memberAddresses: 'all' } } }, 'demo'))).toThrow(/agent\.team\.memberAddresses/);
    // The kernel's own fields are still checked by the kernel.
    expect(() => parseBrandFile({ ...demo, currency: 'dollars' }, 'demo')).toThrow(/currency/);
  });
});
