/**
 * A property-based test (fast-check) over every call of the contract: hostile values in the query
 * and the body (wrong types, huge, NUL and broken Unicode strings, prototype keys, deep nesting),
 * with and without a session, by the call's own method and others. Whatever comes in, the answer
 * is never a 500, always in the envelope (bare on gateway calls), and never shows internals
 * (stack frames, SQL). Runs on both databases (tests/api).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { openTestDb, type TestDb } from '../../../../tests/support/db.ts';
import { callApi } from '../../../../tests/support/api.ts';
import { walletUser } from '../../../../tests/support/wallet.ts';
import { allCalls } from '../../contract.ts';

let t: TestDb;
let token = '';
beforeAll(async () => {
  t = await openTestDb();
  token = (await walletUser()).token;
});
afterAll(async () => {
  await t.dispose();
});

/** Strings an attacker would try: NUL, broken surrogates, huge, unicode, numbers as text, SQL-ish. */
const hostileString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom('\u0000', 'a\u0000b', '\uD800', 'x\uDC00y', "' or 1=1 --", '%00', '../../etc/passwd', '<script>alert(1)</script>', '__proto__', 'NaN', '-1', '1e309', '0x10', ''),
  fc.string({ minLength: 1000, maxLength: 70_000 }).map((s) => s.slice(0, 70_000)),
  fc.integer().map(String),
);
const hostileValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    hostileString,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(hostileString, fc.constantFrom('__proto__', 'constructor', 'prototype')), tie('value'), { maxKeys: 4 }),
  ),
})).value;

/** The fields a call declares (so that values reach its schema), plus unknown ones. */
function fieldsOf(schema: unknown): string[] {
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape ? Object.keys(shape) : [];
}

const INTERNALS = /\bat [\w.<>]+ \(|node_modules|Failed query|\bselect\b.+\bfrom\b|\binsert into\b|\bupdate "\w+" set\b/i;

describe('hostile input on every call', () => {
  it('never answers 500, always in the envelope, and shows no internals', { timeout: 240_000 }, async () => {
    const calls = allCalls.filter((c) => !c.path.includes('{'));
    const runs = Number(process.env.HOSTILE_RUNS ?? 12);
    for (const call of calls) {
      const queryKeys = [...fieldsOf(call.query), 'x'];
      const bodyKeys = [...fieldsOf(call.body), 'y'];
      await fc.assert(
        fc.asyncProperty(
          fc.dictionary(fc.constantFrom(...queryKeys), hostileValue, { maxKeys: 4 }),
          fc.oneof(fc.dictionary(fc.constantFrom(...bodyKeys), hostileValue, { maxKeys: 5 }), hostileValue),
          fc.constantFrom(call.method, call.method, 'GET', 'POST', 'PUT', 'DELETE', 'PATCH'),
          fc.boolean(),
          async (query, body, method, withSession) => {
            const q = Object.fromEntries(Object.entries(query).map(([k, v]) => [k, typeof v === 'string' ? v : (JSON.stringify(v) ?? '')]));
            const r = await callApi(call.path, {
              method,
              query: q,
              ...(method === 'GET' ? {} : { body }),
              headers: withSession ? { authorization: token } : {},
            });
            const where = `${call.name} ${method} query=${JSON.stringify(q).slice(0, 200)} body=${JSON.stringify(body)?.slice(0, 200)}`;
            expect(r.status, where).not.toBe(500);
            expect(r.json, where).toBeTypeOf('object');
            expect(r.json?.errorCode, where).not.toBe('system.busy');
            if (r.status >= 400) {
              expect(r.json.errorCode, where).toBeTypeOf('string');
              expect(r.json.message, where).toBeTypeOf('string');
              if (!call.bare) expect(r.json.success, where).toBe(false);
            }
            expect(JSON.stringify(r.json), where).not.toMatch(INTERNALS);
          },
        ),
        { numRuns: runs, seed: Number(process.env.HOSTILE_SEED ?? 42) },
      );
    }
  });

  it('answers each classic hostile value in every declared field without a 500', { timeout: 240_000 }, async () => {
    const NASTY: unknown[] = ['\u0000', 'a\u0000b', '\uD800x', 'x'.repeat(70_000), 12345, -1.5, true, null, {}, [], { __proto__: { admin: true } }, ['\u0000']];
    const calls = allCalls.filter((c) => !c.path.includes('{'));
    for (const call of calls) {
      for (const [where, fields] of [
        ['query', fieldsOf(call.query)],
        ['body', fieldsOf(call.body)],
      ] as const) {
        for (const field of fields) {
          for (const value of NASTY) {
            if (where === 'body' && call.method === 'GET') continue;
            const r = await callApi(call.path, {
              method: call.method,
              ...(where === 'query' ? { query: { [field]: typeof value === 'string' ? value : JSON.stringify(value) } } : { body: { [field]: value } }),
              headers: { authorization: token },
            });
            const what = `${call.name} ${where}.${field}=${JSON.stringify(value)?.slice(0, 40)}`;
            expect(r.status, what).not.toBe(500);
            expect(JSON.stringify(r.json), what).not.toMatch(INTERNALS);
          }
        }
      }
    }
  });
});
