/**
 * Input no client should send is refused in the envelope with a clear field message, never a
 * 500: NUL and broken Unicode in any string (refused before the database sees them), values of
 * the wrong type or size, methods a call does not take or a fetch Request cannot even carry,
 * addresses that do not parse, and requests Node cannot parse.
 */
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb, type TestDb } from '../../../../tests/support/db.ts';
import { callApi } from '../../../../tests/support/api.ts';
import { answerClientError, createSiteHandler } from '../../site.ts';
import { badTextAt } from '../../../kernel/http/dispatch.ts';

let t: TestDb;
let server: http.Server;
let port = 0;
beforeAll(async () => {
  t = await openTestDb();
  const site = createSiteHandler({ astro: (_req, res) => void res.end('page'), cache: false });
  server = http.createServer((req, res) => void site(req, res));
  server.on('clientError', answerClientError);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
  await t.dispose();
});

/** Sends raw bytes and reads the whole answer (status line, headers, body). */
function raw(request: string): Promise<{ status: number; body: string; headers: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
    let data = '';
    socket.on('data', (d) => (data += d.toString('utf8')));
    socket.on('end', () => {
      const [head = '', body = ''] = data.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), headers: head, body });
    });
    socket.on('error', reject);
  });
}

describe('text that is not text', () => {
  it('finds a NUL or half a surrogate pair anywhere in a value, keys included', () => {
    expect(badTextAt({ a: 'ok', b: ['fine', 'nul\u0000'] })).toBe('b.1');
    expect(badTextAt({ name: '\uD800' })).toBe('name');
    expect(badTextAt({ name: 'emoji 🎰 ok' })).toBeNull();
    expect(badTextAt({ ['k\u0000']: 1 })).toBe('k?');
  });

  it('is refused under its field, in the query and in the body, before the database', async () => {
    for (const [query, field] of [
      [{ gameName: 'abc\u0000' }, 'gameName'],
      [{ vassalage: '\u0000' }, 'vassalage'],
      [{ gameClassify: 'x\u0000y' }, 'gameClassify'],
    ] as const) {
      const r = await callApi('/wps/relay/GCSGAME_gameList', { query });
      expect(r.status, field).toBe(400);
      expect(r.json).toMatchObject({ success: false, errorCode: 'request.invalid', fieldErrors: { [field]: 'Contains characters that are not allowed' } });
    }
    const body = await callApi('/wps/relay/GCSGAME_hotGamesV2', { method: 'POST', body: { vassalage: 'PG\u0000' }, headers: { language: 'ES' } });
    expect(body.status).toBe(400);
    expect(body.json.fieldErrors).toEqual({ vassalage: 'Contiene caracteres no permitidos' });
    // Half a surrogate pair can only arrive in JSON (an address carries it as U+FFFD).
    const surrogate = await callApi('/wps/relay/GCSGAME_hotGamesV2', { method: 'POST', rawBody: '{"platform":"x\\udc00"}', headers: { 'content-type': 'application/json' } });
    expect(surrogate.json.fieldErrors).toEqual({ platform: 'Contains characters that are not allowed' });
    const callback = await callApi('/wps/payment/callback/sandbox', {
      method: 'POST',
      body: { eventId: 'E\u0000', orderId: 'D1', status: 'paid', amount: '1.00', currency: 'USD', timestamp: 1, signature: 'x' },
    });
    expect(callback.status).toBe(400);
    expect(callback.json.errorCode).toBe('request.invalid');
  });
});

describe('values of the wrong kind', () => {
  it('are told what is wrong: the type, the length, the format', async () => {
    const type = await callApi('/wps/relay/GCSGAME_hotGamesV2', { method: 'POST', body: { vassalage: 5 } });
    expect(type.json.fieldErrors).toEqual({ vassalage: 'Must be text' });
    const long = await callApi('/wps/relay/GCSGAME_gameList', { query: { gameName: 'x'.repeat(65) } });
    expect(long.json.fieldErrors).toEqual({ gameName: 'Must be at most 64 characters' });
    const format = await callApi('/wps/relay/GCSGAME_gameList', { query: { minBet: 'lots' } });
    expect(format.json.fieldErrors).toEqual({ minBet: 'This value is not in the expected format' });
  });
});

describe('requests the API cannot read', () => {
  it('answer a method a fetch Request cannot carry (TRACE) with 405 in the envelope', async () => {
    const r = await raw('TRACE /wps/system/status HTTP/1.1\r\nHost: 127.0.0.1\r\nLanguage: ES\r\nConnection: close\r\n\r\n');
    expect(r.status).toBe(405);
    expect(JSON.parse(r.body)).toMatchObject({ success: false, errorCode: 'request.method.invalid', message: 'Esta llamada no acepta el método TRACE' });
  });

  it('answer a Host that does not parse with 400 in the envelope, bare on a gateway call', async () => {
    const r = await raw('GET /lgw/games/game_menus HTTP/1.1\r\nHost: a b\r\nConnection: close\r\n\r\n');
    expect(r.status).toBe(400);
    expect(JSON.parse(r.body)).toEqual({ errorCode: 'request.invalid', message: expect.any(String) });
  });

  it('answer headers too large for Node with 431 in the envelope', async () => {
    const r = await raw(`GET /wps/system/status?q=${'x'.repeat(20_000)} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
    expect(r.status).toBe(431);
    expect(r.headers).toContain('content-type: application/json');
    expect(JSON.parse(r.body)).toMatchObject({ success: false, errorCode: 'request.too.large' });
  });
});
