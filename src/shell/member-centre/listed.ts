/** The member-centre entries listed now: every declared page whose `shown` store (if any) says so. */
import { useStore } from '@nanostores/react';
import { atom, computed, type ReadableAtom } from 'nanostores';
import type { CentreEntry } from '../parts.ts';
import { CENTRE_ENTRIES } from './entries.ts';

const conditional = CENTRE_ENTRIES.filter((e) => e.shown);

export const $listed: ReadableAtom<readonly CentreEntry[]> =
  conditional.length === 0
    ? atom(CENTRE_ENTRIES)
    : computed(
        conditional.map((e) => e.shown!),
        (...on: boolean[]) => CENTRE_ENTRIES.filter((e) => !e.shown || on[conditional.indexOf(e)]),
      );

export function useListed(): readonly CentreEntry[] {
  return useStore($listed);
}
