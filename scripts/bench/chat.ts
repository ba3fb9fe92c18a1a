/**
 * The live chat across processes for `npm run bench -- chat` (issue 31), on PostgreSQL: two
 * processes of the production server on one fresh database; 200 members each start a
 * conversation and follow it (server-sent events) on process A; support answers on process B, 20
 * answers in flight at a time, round-robin over the conversations, 1,000 answers in all. The
 * figure is the p95 of the time from sending an answer (B) to its arrival on the member's stream
 * (A): the write, the NOTIFY to A's LISTEN, A's stream reading it and sending it. Its baseline is
 * the p95 of the answer call itself (B's answer to support), measured in the same run: what is
 * above it is the crossing from one process to the other.
 */
import type { ChildProcess } from 'node:child_process';
import { startServerProcess, stopServerProcesses } from '../../tests/support/server-process.ts';
import { readEvents } from '../../tests/support/sse.ts';
import { openSession } from '../../src/features/accounts/server/sessions.ts';
import { createMember } from '../../src/features/accounts/server/members.ts';
import { PLAYER_TYPE } from '../../src/features/accounts/contract.ts';
import { addStaff, staffLogin } from '../../src/features/console/server/staff.ts';
import { currentCode } from '../../src/kernel/totp.ts';
import { freshDatabase } from './ledger.ts';
import { openMigrated } from './spins.ts';
import { percentile } from './timing.ts';

export interface ChatTimes {
  conversations: number;
  answers: number;
  /** Answer sent (B) to its arrival on the member's stream (A), ms. */
  p50: number;
  p95: number;
  /** The answer call itself, ms (the baseline). */
  sendP95: number;
  lost: number;
}

const CONVERSATIONS = Number(process.env.BENCH_CHAT_CONVERSATIONS ?? 200);
const ANSWERS = Number(process.env.BENCH_CHAT_ANSWERS ?? 1000);
const IN_FLIGHT = 20;
const HEADERS = { merchant: 'DEMO', language: 'EN', device: 'web', 'content-type': 'application/json' };

const startProcess = (url: string, children: ChildProcess[]) => startServerProcess(url, children, { TRUST_PROXY: '1' });

export async function measureChat(say: (line: string) => void): Promise<ChatTimes> {
  const fresh = await freshDatabase('chat');
  const children: ChildProcess[] = [];
  const aborts: AbortController[] = [];
  try {
    const handle = await openMigrated({ url: fresh.url });
    const tokens: string[] = [];
    for (let i = 0; i < CONVERSATIONS; i++) {
      // These members never log in with a password (their sessions are opened here).
      const m = await createMember(handle.db, { username: `chat${i}x${Date.now() % 100000}`, passwordHash: 'no-password', type: PLAYER_TYPE });
      if ('clash' in m) throw new Error(`member clash ${m.clash}`);
      tokens.push(await openSession(handle.db, { id: m.id, lastLoginAt: null, lastLoginIp: null }, '127.0.0.1', undefined));
    }
    const username = 'benchsupport';
    await addStaff(handle.db, { username, roles: ['support'], by: 'bench', password: 'Bench-Password-1' });
    const setup = await staffLogin(handle.db, { username, password: 'Bench-Password-1' }, '127.0.0.1');
    if (setup.stage !== 'setup') throw new Error(`staff login answered ${setup.stage}`);
    const done = await staffLogin(handle.db, { username, password: 'Bench-Password-1', code: currentCode(username, setup.secret) }, '127.0.0.1');
    if (done.stage !== 'done') throw new Error(`staff login answered ${done.stage}`);
    const cookie = `console_session=${done.token}`;
    await handle.close();
    say(`  ${CONVERSATIONS} members and a support login made; starting two server processes...`);
    const [a, b] = await Promise.all([startProcess(fresh.url, children), startProcess(fresh.url, children)]);

    // Each member starts a conversation and follows it on A.
    const convOf: number[] = [];
    const arrivals = new Map<number, number>();
    for (let i = 0; i < CONVERSATIONS; i++) {
      // Each member from an address of their own (the server trusts the forwarded address here), as real members are.
      const address = `10.1.${i >> 8}.${i & 255}`;
      const r = (await (
        await fetch(`${a}/wps/chat/send`, {
          method: 'POST',
          headers: { ...HEADERS, authorization: tokens[i]!, 'x-forwarded-for': address },
          body: JSON.stringify({ body: 'Hello, where is my withdrawal?', clientKey: `bench-${i}-x` }),
        })
      ).json()) as {
        value: { conversation: { id: number } };
      };
      convOf.push(r.value.conversation.id);
      const ctrl = new AbortController();
      aborts.push(ctrl);
      const res = await fetch(`${a}/wps/chat/stream`, { headers: { ...HEADERS, authorization: tokens[i]!, 'x-forwarded-for': address }, signal: ctrl.signal });
      if (!(res.headers.get('content-type') ?? '').startsWith('text/event-stream')) throw new Error(`stream ${i} refused: ${res.status} ${await res.text()}`);
      readEvents(res.body!, (e) => {
        if (e.event === 'message') arrivals.set(Number(e.id), performance.now());
      });
    }
    say(`  ${CONVERSATIONS} streams open on one process; answering ${ANSWERS} times from the other...`);
    const sentAt = new Map<number, number>();
    const sendMs: number[] = [];
    let next = 0;
    const worker = async () => {
      for (;;) {
        const n = next++;
        if (n >= ANSWERS) return;
        const started = performance.now();
        const r = (await (
          await fetch(`${b}/wps/console/chat/send`, { method: 'POST', headers: { ...HEADERS, cookie }, body: JSON.stringify({ id: convOf[n % CONVERSATIONS], body: `Answer ${n}` }) })
        ).json()) as { value: { id: number } };
        sendMs.push(performance.now() - started);
        sentAt.set(r.value.id, started);
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
    // Let the last ones arrive.
    const deadline = performance.now() + 5000;
    while (performance.now() < deadline && [...sentAt.keys()].some((id) => !arrivals.has(id))) await new Promise((r) => setTimeout(r, 20));
    const latencies: number[] = [];
    let lost = 0;
    for (const [id, at] of sentAt) {
      const got = arrivals.get(id);
      if (got === undefined) lost++;
      else latencies.push(got - at);
    }
    return { conversations: CONVERSATIONS, answers: sentAt.size, p50: percentile(latencies, 50), p95: percentile(latencies, 95), sendP95: percentile(sendMs, 95), lost };
  } finally {
    for (const c of aborts) c.abort();
    await stopServerProcesses(children);
    await fresh.drop().catch(() => undefined);
  }
}
