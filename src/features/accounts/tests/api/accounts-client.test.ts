import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb, type TestDb } from '../../../../../tests/support/db.ts';
import { makeUser } from '../../../../../tests/support/accounts.ts';
import { createApi } from '../../../../app/api.ts';
import { toRequest, writeResponse } from '../../../../kernel/http/node-bridge.ts';
import { ApiFailure, createApiClient } from '../../../../kernel/http/client.ts';
import { forgotPasswordEmail, login, memberInfo, verificationChallenge } from '../../contract.ts';
import { solveChallenge } from '../../../../kernel/pow/pow.ts';

const messages = { network: 'NETWORK', timeout: 'TIMEOUT', unknown: 'UNKNOWN' };
let t: TestDb;
let server: http.Server;
let base: string;
const seen: Array<{ url: string; headers: http.IncomingHttpHeaders; body: string }> = [];

beforeAll(async () => {
  t = await openTestDb();
  const api = createApi();
  server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks).toString();
    seen.push({ url: req.url ?? '', headers: req.headers, body });
    const request = new Request(`http://127.0.0.1${req.url}`, {
      method: req.method,
      headers: toRequest(req).headers,
      body: req.method === 'GET' ? undefined : body,
    });
    await writeResponse(res, await api(request, { ip: '127.0.0.1' }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
  await t.dispose();
});

describe('the browser API client on accounts calls', () => {
  it('encrypts enc calls with the server key, and the login works end to end', async () => {
    const u = await makeUser({ password: 'Client123' });
    let token: string | null = null;
    const api = createApiClient({ merchant: 'DEMO', language: 'EN', messages, baseURL: base, token: () => token });
    const c = await api.call(verificationChallenge);
    const nonce = await solveChallenge(c);
    const value = await api.call(login, { body: { username: u.username, password: 'Client123', challengeId: c.challengeId, challengeNonce: nonce } });
    token = value.token;
    const sent = seen.find((s) => s.url === '/wps/session/login')!;
    expect(sent.headers.encryption).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(Object.keys(JSON.parse(sent.body))).toEqual(['value']);
    expect(sent.body).not.toContain('Client123');
    expect((await api.call(memberInfo)).userName).toBe(u.username);
  });

  it("carries a refusal's value (captchaRequired) in the ApiFailure", async () => {
    const api = createApiClient({ merchant: 'DEMO', language: 'EN', messages, baseURL: base });
    const c = await api.call(verificationChallenge);
    const err = (await api.call(login, { body: { username: 'nobody1', password: 'x', challengeId: c.challengeId, challengeNonce: await solveChallenge(c) } }).catch((e: unknown) => e)) as ApiFailure;
    expect(err).toBeInstanceOf(ApiFailure);
    expect(err).toMatchObject({ errorCode: 'login.failed', message: 'Incorrect username and password', value: { captchaRequired: false } });
  });

  it('sends form calls as application/x-www-form-urlencoded', async () => {
    const api = createApiClient({ merchant: 'DEMO', language: 'EN', messages, baseURL: base });
    const c = await api.call(verificationChallenge);
    const v = await api.call(forgotPasswordEmail, {
      body: { username: 'someone1', email: 'someone@example.com', challengeId: c.challengeId, challengeNonce: await solveChallenge(c) },
    });
    expect(v).toBeNull();
    const sent = seen.filter((s) => s.url === '/wps/member/password/email').at(-1)!;
    expect(sent.headers['content-type']).toContain('application/x-www-form-urlencoded');
    expect(new URLSearchParams(sent.body).get('email')).toBe('someone@example.com');
  });
});
