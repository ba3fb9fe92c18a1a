/**
 * The registration form's store (src/features/accounts/client/register-flow.ts) against a
 * scripted API: the rules decide the fields and the checks, the terms box, the affiliate and
 * referral codes, and what is sent.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CallDef } from '../../../kernel/contract.ts';
import { ApiFailure } from '../../../kernel/http/client.ts';
import type { FieldRule } from '../registerPatterns.ts';

const sent: { name: string; body?: Record<string, unknown>; query?: Record<string, unknown> }[] = [];
const dialogs: string[] = [];
let answer: (name: string, input: { body?: Record<string, unknown>; query?: Record<string, unknown> }) => unknown = () => null;
const rule = (o: Partial<FieldRule> = {}): FieldRule => ({ enabled: true, required: false, acceptedPattern: '*', patternId: 0, min: 0, max: 50, ...o });
const RULES = { username: rule({ required: true, min: 6, max: 16 }), password: rule({ required: true, min: 6, max: 20 }), affiliateCode: rule({ min: 4 }) };

vi.mock('../client/session.ts', () => ({
  api: () => ({
    call: async (def: CallDef, input: { body?: Record<string, unknown>; query?: Record<string, unknown> } = {}) => {
      sent.push({ name: def.name, ...input });
      return answer(def.name, input);
    },
  }),
  beginSession: async () => undefined,
  loginDeviceId: () => 'device-1',
  minimumAge: () => 18,
}));
vi.mock('../client/human-check.ts', () => ({ humanCheck: async () => ({ challengeId: 'c1', challengeNonce: '42' }) }));
vi.mock('../client/site.ts', () => ({
  loadStatus: async () => ({}),
  loadRegisterRules: async () => RULES,
  loadCountries: async () => ({ current: 'MX', list: [{ iso: 'MX', dialingCode: '52' }] }),
}));
vi.mock('../../../ui/stores/ui.ts', () => ({ showDialog: async (d: { text: string }) => void dialogs.push(d.text) }));

const { createRegisterFlow } = await import('../client/register-flow.ts');
const words = { issue: (i: { key: string }) => `issue:${i.key}`, codeSent: 'Code sent', affiliateInvalid: 'Unknown invitation code', confirm: 'OK' };
const make = (address = 'https://casino.example/register') => createRegisterFlow({ words, flags: () => ({}), address: new URL(address) });
const settle = () => new Promise((r) => setTimeout(r, 0));

beforeEach(() => {
  sent.length = 0;
  dialogs.length = 0;
  answer = (name) => (name === 'affiliateInfo' ? { affiliateCode: null } : name === 'register' ? { token: 'T' } : {});
});

describe('the registration form store', () => {
  it('loads the rules and the country code, and checks every field and the terms before sending', async () => {
    const flow = make();
    await flow.open();
    await settle();
    expect(flow.$register.get()).toMatchObject({ dial: '52', rules: RULES });
    flow.setTerms(false);
    expect(await flow.submit()).toBe(false);
    expect(flow.$register.get().errors).toMatchObject({ username: expect.stringContaining('issue:'), password: expect.stringContaining('issue:'), terms: 'issue:validation.terms' });
    expect(flow.$register.get().focusErrors).toBe(1);
    flow.setTerms(true);
    expect(flow.$register.get().errors.terms).toBeUndefined();
    expect(sent.some((c) => c.name === 'register')).toBe(false);
  });

  it('registers with the proof of work, the referral code of the address and the domain, and logs in', async () => {
    const flow = make('https://casino.example/register?referralCode=FRIEND1');
    await flow.open();
    await settle();
    flow.type('username', 'newplayer1');
    flow.type('password', 'Secret123');
    flow.type('confirmPassword', 'Secret123');
    expect(await flow.submit()).toBe(true);
    expect(sent.find((c) => c.name === 'affiliateCheck')?.query).toEqual({ code: 'FRIEND1', domain: 'casino.example' });
    expect(sent.find((c) => c.name === 'register')?.body).toMatchObject({ username: 'newplayer1', referralCode: 'FRIEND1', domain: 'casino.example', login: true, challengeId: 'c1' });
  });

  it('warns once about an unknown referral code and then registers without it', async () => {
    answer = (name) => {
      if (name === 'affiliateCheck') throw new ApiFailure('Unknown', 'affiliate.invalid', 400);
      return name === 'affiliateInfo' ? { affiliateCode: null } : { token: 'T' };
    };
    const flow = make('https://casino.example/register?referralCode=NOBODY');
    await flow.open();
    await settle();
    flow.type('username', 'newplayer2');
    flow.type('password', 'Secret123');
    flow.type('confirmPassword', 'Secret123');
    expect(await flow.submit()).toBe(false);
    expect(dialogs).toEqual(['Unknown invitation code']);
    expect(flow.$register.get().referralCode).toBeUndefined();
    expect(await flow.submit()).toBe(true);
    expect(sent.find((c) => c.name === 'register')?.body?.referralCode).toBeUndefined();
  });

  it('puts a taken username under its field', async () => {
    answer = (name) => {
      if (name === 'register') throw new ApiFailure('That username is taken', 'register.username.taken', 409);
      return name === 'affiliateInfo' ? { affiliateCode: null } : {};
    };
    const flow = make();
    await flow.open();
    await settle();
    flow.type('username', 'demoplayer');
    flow.type('password', 'Secret123');
    flow.type('confirmPassword', 'Secret123');
    expect(await flow.submit()).toBe(false);
    expect(flow.$register.get()).toMatchObject({ errors: { username: 'That username is taken' }, busy: false });
  });
});
