/** A contract as the agent's pages receive it, for the stores' and rules' tests; `patch` changes what a test needs. */
import type { ContractView } from '../contract.ts';

export const contract = (patch: Partial<ContractView> = {}): ContractView => ({
  id: 1,
  kind: 'daily',
  status: 'active',
  upline: null,
  agentId: 7,
  agent: 'demoagent',
  terms: {
    tiers: [
      { minValidBet: 0, minActive: 0, minLoss: 0, rate: 1 },
      { minValidBet: 20_000, minActive: 3, minLoss: 0, rate: 2 },
    ],
    periodicMinBet: 100,
  },
  rate: 2,
  offeredAt: 0,
  expiresAt: null,
  startedAt: 0,
  endedAt: null,
  endReason: null,
  terminationRequestedBy: null,
  terminationRequestedAt: null,
  events: [],
  ...patch,
});

/** The agent's funds answer with its contract flags (the consolidated popup reads them): one offer kind waiting by default. */
export const agentFunds = (patch: Record<string, number> = {}) => ({
  sumBalance: 0,
  currency: 'MXN',
  currencySymbol: '$',
  dailysalreqtype: 1,
  divtypereq: 1,
  contracthoursalreq: 0,
  realtimesalreqtype: 1,
  dailysalinfotype: 0,
  divtypeinfo: 0,
  contracthoursalinfo: 0,
  contractmrdailysalinfotype: 0,
  ...patch,
});
