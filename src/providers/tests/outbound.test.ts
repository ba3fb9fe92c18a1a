/**
 * Calls the server makes to partners never follow a redirect: a partner (or whoever answers in
 * its place) cannot send our signed callback, or a launch carrying a player's token, elsewhere.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchSender } from '../payments/sandbox.ts';
import { httpGameProvider } from '../games/http.ts';

let redirector: http.Server;
let target: http.Server;
let hits = 0;
let base = '';

beforeAll(async () => {
  target = http.createServer((_req, res) => {
    hits++;
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"url":"https://games.example/x"}');
  });
  await new Promise<void>((r) => target.listen(0, '127.0.0.1', r));
  const to = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
  redirector = http.createServer((req, res) => res.writeHead(307, { location: `${to}${req.url}` }).end());
  await new Promise<void>((r) => redirector.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(redirector.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((r) => redirector.close(r));
  await new Promise((r) => target.close(r));
});

describe('outbound calls', () => {
  it('do not follow a redirect with the sandbox callback', async () => {
    await expect(fetchSender(`${base}/wps/payment/callback/sandbox`, { orderId: 'D1' } as never)).rejects.toThrow();
    expect(hits).toBe(0);
  });

  it('do not follow a redirect with a game launch', async () => {
    const provider = httpGameProvider({ GAME_HTTP_URL: base, GAME_WALLET_CALLBACK_ORIGIN: 'https://casino.example' } as NodeJS.ProcessEnv);
    await expect(provider.launchUrl({ token: 't'.repeat(43), demo: false, gameCode: 'G', vassalage: 'PG', locale: 'en', playPath: (p) => p })).rejects.toMatchObject({
      errorCode: 'game.provider.unavailable',
    });
    expect(hits).toBe(0);
  });
});
