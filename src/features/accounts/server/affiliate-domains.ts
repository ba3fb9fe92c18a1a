/**
 * Domains bound to agents (spec 4 registration: 'use the code from the site information'). An
 * operator binds a domain an agent promotes to that agent; visitors who register on it join the
 * agent's team without typing a code. Kept as one operator setting: few rows, read on register.
 */
import { isAgentType } from '../contract.ts';
import type { Db } from '../../../kernel/db/index.ts';
import { readSetting, writeSetting } from '../../../kernel/db/settings.ts';
import { findById, findByUsername } from './members.ts';

export const AGENT_DOMAINS_KEY = 'accounts.agentDomains';

type Bindings = Record<string, number>;

/** A host name as bindings keep it: lower case, no port, no trailing dot. */
export function normaliseDomain(domain: string): string {
  return domain.trim().toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
}

const DOMAIN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;

/** The affiliate code of the active agent a domain is bound to, or null. */
export async function affiliateForDomain(db: Db, domain: string): Promise<string | null> {
  const bindings = await readSetting<Bindings>(db, AGENT_DOMAINS_KEY, {});
  const id = bindings[normaliseDomain(domain)];
  if (id === undefined) return null;
  const agent = await findById(db, id);
  if (!agent || !isAgentType(agent.type) || agent.status !== 'active' || !agent.affiliateCode) return null;
  return agent.affiliateCode;
}

/** `agent:domain bind|unbind|list` */
export async function agentDomainCommand(db: Db, verb: string | undefined, flags: Record<string, string>) {
  const bindings = await readSetting<Bindings>(db, AGENT_DOMAINS_KEY, {});
  if (verb === 'list') {
    const rows = await Promise.all(Object.entries(bindings).map(async ([d, id]) => `${d} -> ${(await findById(db, id))?.username ?? `#${id} (gone)`}`));
    return { ok: true, output: rows.length ? rows.join('\n') : '(no domain is bound)' };
  }
  const domain = normaliseDomain(flags.domain ?? '');
  if (!DOMAIN.test(domain)) return { ok: false, output: '--domain must be a host name, e.g. team1.example.com' };
  if (verb === 'unbind') {
    if (!(domain in bindings)) return { ok: false, output: `${domain} is not bound` };
    delete bindings[domain];
    await writeSetting(db, AGENT_DOMAINS_KEY, bindings);
    return { ok: true, changed: true, output: `${domain} is no longer bound to an agent.` };
  }
  if (verb === 'bind') {
    const agent = await findByUsername(db, flags.username ?? '');
    if (!agent || !isAgentType(agent.type)) return { ok: false, output: '--username must name an agent account' };
    bindings[domain] = agent.id;
    await writeSetting(db, AGENT_DOMAINS_KEY, bindings);
    return { ok: true, changed: true, output: `${domain} registers players under ${agent.username} (code ${agent.affiliateCode}).` };
  }
  return { ok: false, output: 'Usage: agent:domain bind --domain <host> --username <agent> | unbind --domain <host> | list' };
}
