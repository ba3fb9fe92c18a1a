/**
 * The back office's menu (spec 2.15): its sections in the spec's order, the ones the member
 * centre serves, the contract pages, and the section that opens first. Pure: the back office's
 * store (./back-office.ts) and its menu (islands/AgentApp.tsx) read it.
 */
import type { MemberCentrePage } from '../../../shell/member-centre/pages.ts';
import type { ContractKindName } from '../contract.ts';

/** Spec 2.15, in its order; then the agent home's extras. `ready`: built (the rest say so). */
export const SECTIONS = [
  ['announcement', true],
  ['teamOverview', true],
  ['registerAccount', true],
  ['teamManagement', true],
  ['teamBetting', true],
  ['userLoss', true],
  // Spec 2.16's team transactions, beside the other team reports.
  ['teamTransactions', true],
  ['income', true],
  ['accountDetails', true],
  // Spec 2.15: each only when the brand offers the kind (profile.contractKinds).
  ['dividend', true],
  ['dailyWages', true],
  ['hourlySalary', true],
  ['realTimeSalary', true],
  ['deposit', true],
  ['withdraw', true],
  ['messages', true],
  ['customerService', true],
] as const;
export type Section = (typeof SECTIONS)[number][0];

/**
 * Sections served by the member centre's own pages (the wallet's, in the shell's overlay), not
 * copies: the agent's account record, deposit and withdrawal.
 */
export const CENTRE_PAGES: Partial<Record<Section, MemberCentrePage>> = { accountDetails: 'transactions', deposit: 'deposit', withdraw: 'withdrawal' };

/** Menu section keys of the contract pages, by kind. */
export const CONTRACT_SECTIONS = { dividend: 'dividend', dailyWages: 'daily', hourlySalary: 'hourly', realTimeSalary: 'realtime' } as const satisfies Partial<Record<Section, ContractKindName>>;
export type ContractSection = keyof typeof CONTRACT_SECTIONS;

/** Local storage: the section the agent last opened. */
export const AGENT_SECTION_KEY = 'agent.section';
/** What an agent sees first, and whenever the remembered section cannot be shown. */
export const FIRST_SECTION: Section = 'teamManagement';

/** Is `s` one of the contract pages? */
export function isContractSection(s: string): s is ContractSection {
  return s in CONTRACT_SECTIONS;
}

/**
 * The section to open from what local storage holds: a built section the back office shows
 * itself (the member centre's pages open over it, so they are never the page behind).
 * @example rememberedSection('userLoss') // 'userLoss'
 * @example rememberedSection('deposit') // 'teamManagement'
 */
export function rememberedSection(stored: string | null): Section {
  return SECTIONS.some(([k, ready]) => k === stored && ready && !CENTRE_PAGES[k]) ? (stored as Section) : FIRST_SECTION;
}

/**
 * A menu entry shows unless it is a contract page of a kind the brand does not offer (or does
 * not yet: the profile has not arrived).
 */
export function shown(key: Section, kinds: Readonly<Record<ContractKindName, boolean>> | null | undefined): boolean {
  if (!isContractSection(key)) return true;
  return !!kinds?.[CONTRACT_SECTIONS[key]];
}
