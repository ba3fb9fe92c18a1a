import { describe, expect, it } from 'vitest';
import { allCalls } from '../contract.ts';
import { allRoutes } from '../api.ts';

describe('the contract', () => {
  it('gives every declared call a handler, and no handler lacks a declaration', () => {
    const declared = allCalls.map((c) => `${c.method} ${c.path}`).sort();
    const handled = allRoutes.map((r) => `${r.call.method} ${r.call.path}`).sort();
    expect(handled).toEqual(declared);
  });

  it('declares each method and path once, under /wps or /lgw', () => {
    const keys = allCalls.map((c) => `${c.method} ${c.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const c of allCalls) expect(c.path).toMatch(/^\/(wps|lgw|lotto\/lgw)\//);
    const names = allCalls.map((c) => c.name);
    expect(new Set(names).size).toBe(names.length);
  });
});
