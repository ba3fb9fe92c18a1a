import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { defineCall } from '../contract.ts';
import { createDispatcher, route } from '../http/dispatch.ts';

const echo = defineCall({
  name: 'echo',
  method: 'POST',
  path: '/wps/test/echo',
  body: z.object({ name: z.string().min(2), count: z.number().int().max(5) }),
  value: z.object({ name: z.string(), count: z.number() }),
});
const boom = defineCall({ name: 'boom', method: 'GET', path: '/wps/test/boom', value: z.null() });
const mine = defineCall({ name: 'mine', method: 'GET', path: '/wps/test/mine', token: true, value: z.string() });
const bare = defineCall({ name: 'bare', method: 'GET', path: '/lgw/test/bare', query: z.object({ n: z.coerce.number().int() }), value: z.object({ n: z.number() }) });

const dispatch = createDispatcher({
  routes: [
    route(echo, ({ body }) => body),
    route(boom, () => {
      throw new Error('secret stack detail: select * from users');
    }),
    route(mine, (_i, ctx) => String(ctx.session)),
    route(bare, ({ query }) => ({ n: query.n })),
  ] as never,
  resolveSession: async (token) => (token === 'good' ? 'alice' : null),
  maxBodyBytes: 1024,
});

async function send(path: string, init: RequestInit & { headers?: Record<string, string> } = {}) {
  const res = await dispatch(new Request(`http://t.local${path}`, { ...init, headers: { language: 'EN', ...init.headers } }), { ip: '127.0.0.1' });
  return { status: res.status, json: await res.json() };
}

describe('the dispatcher', () => {
  it('wraps an answer in the envelope', async () => {
    const r = await send('/wps/test/echo', { method: 'POST', body: JSON.stringify({ name: 'ab', count: 1 }), headers: { 'content-type': 'application/json' } });
    expect(r).toEqual({ status: 200, json: { success: true, value: { name: 'ab', count: 1 } } });
  });

  it('refuses malformed JSON with 400', async () => {
    const r = await send('/wps/test/echo', { method: 'POST', body: '{"name": ', headers: { 'content-type': 'application/json' } });
    expect(r.status).toBe(400);
    expect(r.json).toMatchObject({ success: false, errorCode: 'request.json.invalid' });
  });

  it('names each field that breaks the schema, in the caller language', async () => {
    const r = await send('/wps/test/echo', { method: 'POST', body: JSON.stringify({ name: 'a', count: 9 }), headers: { 'content-type': 'application/json', language: 'ES' } });
    expect(r.status).toBe(400);
    expect(r.json.errorCode).toBe('request.invalid');
    expect(Object.keys(r.json.fieldErrors).sort()).toEqual(['count', 'name']);
    expect(r.json.fieldErrors.count).toBe('Debe ser como máximo 5');
  });

  it('refuses a body over the limit with 413, declared or streamed', async () => {
    const big = JSON.stringify({ name: 'x'.repeat(2000), count: 1 });
    const declared = await send('/wps/test/echo', { method: 'POST', body: big, headers: { 'content-type': 'application/json', 'content-length': String(big.length) } });
    expect(declared.status).toBe(413);
    const stream = new ReadableStream({
      start(c) {
        c.enqueue(new TextEncoder().encode(big));
        c.close();
      },
    });
    const streamed = await send('/wps/test/echo', { method: 'POST', body: stream, duplex: 'half', headers: { 'content-type': 'application/json' } } as RequestInit & {
      headers: Record<string, string>;
    });
    expect(streamed.status).toBe(413);
    expect(streamed.json.errorCode).toBe('request.too.large');
  });

  it('answers a fault of our own with 500 system.busy and a request id, never the stack', async () => {
    const spy = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const r = await send('/wps/test/boom');
    spy.mockRestore();
    expect(r.status).toBe(500);
    expect(r.json).toMatchObject({ success: false, errorCode: 'system.busy' });
    expect(r.json.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.stringify(r.json)).not.toContain('secret stack detail');
  });

  it('asks for a session with 401 login.not.session, and refuses an unknown token with user.or.token.invalid', async () => {
    expect((await send('/wps/test/mine')).json.errorCode).toBe('login.not.session');
    const bad = await send('/wps/test/mine', { headers: { authorization: 'nope' } });
    expect(bad.status).toBe(401);
    expect(bad.json.errorCode).toBe('user.or.token.invalid');
    expect((await send('/wps/test/mine', { headers: { authorization: 'good' } })).json.value).toBe('alice');
  });

  it('answers /lgw calls bare, refusals included', async () => {
    expect((await send('/lgw/test/bare?n=3')).json).toEqual({ n: 3 });
    const r = await send('/lgw/test/bare?n=x');
    expect(r.status).toBe(400);
    expect(r.json.success).toBeUndefined();
    expect(r.json.errorCode).toBe('request.invalid');
  });
});
