/**
 * What the browser knows of the brand from the start-up calls (spec 3 permission response):
 * white-label flags, registration rules (kept in session storage for the session, spec 3
 * Storage), country dialing codes, customer service and contact resources. Loaded on demand,
 * once per page.
 */
import { atom, computed } from 'nanostores';
import { countryCodes, statusValue, systemRegisterSetting, systemStatus } from '../../system/client.ts';
import type { z } from 'zod';
import type { FieldRule } from '../registerPatterns.ts';
import { flattenWhitelabel, type WhitelabelNode } from '../../../kernel/brand/whitelabel.ts';
import { api } from './session.ts';

export type StatusValue = z.infer<typeof statusValue>;
export interface Country {
  iso: string;
  name: string;
  dialingCode: string;
}

export const $status = atom<StatusValue | null>(null);
/** White-label flags (MOBILENUMREG3: true, ...); empty until the status is loaded. */
/** The brand's white-label flags, by code (spec 6). */
export type Flags = Record<string, boolean>;

export const $flags = computed($status, (s) => (s ? flattenWhitelabel(s.info.whitelabel as WhitelabelNode[]) : {}) as Record<string, boolean>);
export const $countries = atom<{ current: string; list: Country[] } | null>(null);

let statusLoad: Promise<StatusValue> | null = null;
/** The system status and brand information (once per page). */
export function loadStatus(): Promise<StatusValue> {
  statusLoad ??= api()
    .call(systemStatus)
    .then((s) => {
      $status.set(s);
      return s;
    })
    .catch((err: unknown) => {
      statusLoad = null;
      throw err;
    });
  return statusLoad;
}

let countriesLoad: Promise<{ current: string; list: Country[] }> | null = null;
/** Dialing codes with names in the page's language, the brand's country first. */
export function loadCountries(): Promise<{ current: string; list: Country[] }> {
  countriesLoad ??= api()
    .call(countryCodes)
    .then((c) => {
      $countries.set(c);
      return c;
    })
    .catch((err: unknown) => {
      countriesLoad = null;
      throw err;
    });
  return countriesLoad;
}

const RULES_KEY = 'registerRules';
/** Registration rules of /wps/system/setting/register, cached in session storage. */
export async function loadRegisterRules(): Promise<Record<string, FieldRule>> {
  try {
    const cached = sessionStorage.getItem(RULES_KEY);
    if (cached) return JSON.parse(cached) as Record<string, FieldRule>;
  } catch {
    /* no storage or a damaged entry: ask the server */
  }
  const rules = await api().call(systemRegisterSetting);
  try {
    sessionStorage.setItem(RULES_KEY, JSON.stringify(rules));
  } catch {
    /* storage full or unavailable */
  }
  return rules;
}
