import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb, type TestDb } from '../../../../tests/support/db.ts';
import { createApi } from '../../api.ts';
import { toRequest, writeResponse } from '../../../kernel/http/node-bridge.ts';
import { ApiFailure, createApiClient, onSessionEnded } from '../../../kernel/http/client.ts';
import { memberInfo } from '../../../features/accounts/contract.ts';
import { systemStatus, countryCodes } from '../../../features/system/contract.ts';
import { defineCall } from '../../../kernel/contract.ts';
import { z } from 'zod';

const messages = { network: 'NETWORK', timeout: 'TIMEOUT', unknown: 'UNKNOWN' };
let t: TestDb;
let server: http.Server;
let slow: http.Server;
let base: string;
let slowBase: string;

beforeAll(async () => {
  t = await openTestDb();
  const api = createApi();
  server = http.createServer(async (req, res) => writeResponse(res, await api(toRequest(req), { ip: '127.0.0.1' })));
  slow = http.createServer(() => {
    /* never answers */
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  await new Promise<void>((r) => slow.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  slowBase = `http://127.0.0.1:${(slow.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  slow.closeAllConnections();
  await new Promise((r) => server.close(r));
  await new Promise((r) => slow.close(r));
  await t.dispose();
});

describe('the browser API client', () => {
  it('unwraps the envelope of a call declared in the contract', async () => {
    const api = createApiClient({ merchant: 'DEMO', language: 'ES', messages, baseURL: base });
    const status = await api.call(systemStatus);
    expect(status.status).toBe(0);
    const countries = await api.call(countryCodes);
    expect(countries.list.find((c) => c.iso === 'ES')?.name).toBe('España');
  });

  it('turns a refusal into an ApiFailure carrying the server message and code', async () => {
    const api = createApiClient({ merchant: 'WRONG', language: 'EN', messages, baseURL: base });
    const err = await api.call(systemStatus).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiFailure);
    expect(err).toMatchObject({ errorCode: 'merchant.invalid', status: 400, message: 'Unknown merchant' });
  });

  it('reports field errors of a refused query', async () => {
    const api = createApiClient({ merchant: 'DEMO', language: 'EN', messages, baseURL: base });
    const probe = defineCall({ name: 'probe', method: 'GET', path: '/wps/nowhere', value: z.unknown() });
    const err = (await api.call(probe).catch((e: unknown) => e)) as ApiFailure;
    expect(err.errorCode).toBe('request.not.found');
    expect(err.message).toBe('Invalid URL, please contact customer service');
  });

  it('says the network is abnormal when nothing answers at the address', async () => {
    const api = createApiClient({ merchant: 'DEMO', language: 'EN', messages, baseURL: 'http://127.0.0.1:9' });
    await expect(api.call(systemStatus)).rejects.toMatchObject({ errorCode: 'network', message: 'NETWORK' });
  });

  it('says the page took too long when the server does not answer in time', async () => {
    const api = createApiClient({ merchant: 'DEMO', language: 'EN', messages, baseURL: slowBase, timeoutMs: 200 });
    await expect(api.call(systemStatus)).rejects.toMatchObject({ errorCode: 'timeout', message: 'TIMEOUT' });
  });

  it('tells of an ended session once, even to a listener that came after the refusal (an island may call before the shell loads)', async () => {
    const unknownToken = createApiClient({ merchant: 'DEMO', language: 'EN', messages, baseURL: base, token: () => 'x'.repeat(43) });
    const noToken = createApiClient({ merchant: 'DEMO', language: 'EN', messages, baseURL: base });
    // Without a token, a 401 is not an ended session: nothing is told.
    await expect(noToken.call(memberInfo)).rejects.toMatchObject({ status: 401 });
    const first: ApiFailure[] = [];
    const stopFirst = onSessionEnded((f) => first.push(f));
    expect(first).toEqual([]);
    stopFirst();
    await expect(unknownToken.call(memberInfo)).rejects.toMatchObject({ status: 401 });
    const late: ApiFailure[] = [];
    const stopLate = onSessionEnded((f) => late.push(f));
    expect(late.map((f) => f.errorCode)).toEqual(['user.or.token.invalid']);
    const later: ApiFailure[] = [];
    const stopLater = onSessionEnded((f) => later.push(f));
    expect(later).toEqual([]);
    // While listening, each refusal is told as it comes.
    await expect(unknownToken.call(memberInfo)).rejects.toMatchObject({ status: 401 });
    expect(late).toHaveLength(2);
    expect(later).toHaveLength(1);
    stopLate();
    stopLater();
  });
});
