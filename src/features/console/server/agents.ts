/**
 * The console's agents screen (issue 29, agent managers): contracts (list, a grant from the
 * house, an end) and settlements (the settled periods of a stream, a dry run or a run of a closed
 * period), through the agent feature's operator functions that the `contract` and `settle`
 * commands call. Each change is audited.
 */
import type { TFunction } from 'i18next';
import { dryRunPeriod, endContractByOperator, grantByOperator, runPeriod, settledPeriods, STREAM_KEYS } from '../../agent/index.ts';
import type { TermsInput } from '../../agent/contract.ts';
import { recordAudit } from '../../../kernel/db/audit.ts';
import type { Db } from '../../../kernel/db/index.ts';
import { ApiError } from '../../../kernel/http/errors.ts';
import type { Actor } from './desk.ts';

const actorName = (a: Actor) => `staff:${a.session.username}`;
type Kind = 'daily' | 'hourly' | 'realtime' | 'dividend';

export async function grant(db: Db, body: { agent: string; kind: Kind; terms: TermsInput }, t: TFunction, a: Actor) {
  const id = await grantByOperator(db, body.agent, body.kind, body.terms, t);
  await recordAudit(db, { actor: actorName(a), command: 'contract grant', args: body, ip: a.ip, before: null, after: { id, status: 'active' } });
  return { id };
}

export async function end(db: Db, id: number, a: Actor) {
  if (!(await endContractByOperator(db, id))) throw new ApiError(404, 'console.contract.notActive');
  await recordAudit(db, { actor: actorName(a), command: 'contract end', args: { id }, ip: a.ip, before: { status: 'active' }, after: { status: 'ended' } });
  return { ended: true as const };
}

export async function settlements(db: Db, q: { stream: string; limit: number }, t: TFunction) {
  return { streams: STREAM_KEYS, items: await settledPeriods(db, q.stream, q.limit, t) };
}

export async function settle(db: Db, body: { stream: string; at: number; dryRun: boolean }, t: TFunction, a: Actor) {
  if (body.dryRun) {
    const dry = await dryRunPeriod(db, body.stream, body.at, t);
    return { period: dry.period, lines: dry.lines, outcome: null, corrections: null };
  }
  const r = await runPeriod(db, body.stream, body.at, t);
  await recordAudit(db, { actor: actorName(a), command: 'settle run', args: body, ip: a.ip, before: null, after: r });
  return { period: r.period, lines: null, outcome: r.outcome, corrections: r.corrections };
}
