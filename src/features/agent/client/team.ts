/**
 * Team management's list (spec 2.15; issue 13): the team as a list, searched, filtered, sorted
 * and paged, and as a tree (a sub-agent opens its own team, the path leads back). Every change of
 * the filters asks the list again, even to the same filters (sending a search twice refreshes it);
 * only the newest answer shows. islands/team.tsx renders it.
 */
import { atom, computed, map, onMount } from 'nanostores';
import type { ApiClient } from '../../../kernel/http/client.ts';
import type { QueryOf } from '../../../kernel/contract.ts';
import { agentTeamMembers, type TEAM_SORTS } from '../contract.ts';
import { createLoad } from './load.ts';

export interface TeamFilters {
  /** A sub-agent whose own team is shown; none: the agent's. */
  parentId?: number;
  scope: 'all' | 'direct';
  search: string;
  kind: 'all' | 'player' | 'agent';
  sort: (typeof TEAM_SORTS)[number];
  order: 'asc' | 'desc';
  pageNo: number;
}

/** The list first shows the whole team, newest registrations first. */
export const FIRST_FILTERS: TeamFilters = { scope: 'all', search: '', kind: 'all', sort: 'regDate', order: 'desc', pageNo: 1 };
export const TEAM_PAGE_SIZE = 20;

/**
 * The call's query for `f`: no parent or search when there is none.
 * @example teamQuery(FIRST_FILTERS) // { scope: 'all', kind: 'all', sort: 'regDate', order: 'desc', pageNo: '1', pageSize: '20' }
 */
export function teamQuery(f: TeamFilters): QueryOf<typeof agentTeamMembers> {
  return {
    ...(f.parentId ? { parentId: String(f.parentId) } : {}),
    scope: f.scope,
    kind: f.kind,
    sort: f.sort,
    order: f.order,
    pageNo: String(f.pageNo),
    pageSize: String(TEAM_PAGE_SIZE),
    ...(f.search ? { search: f.search } : {}),
  };
}

/** One team list. */
export function createTeamList(o: { client: () => ApiClient }) {
  const $filters = map<TeamFilters>(FIRST_FILTERS);
  /** The search field as typed; it filters when sent. */
  const $typed = atom('');
  // The list has always said an ended session like any other failure (the shell says it too).
  const list = createLoad((query: QueryOf<typeof agentTeamMembers>) => o.client().call(agentTeamMembers, { query }), { sayEnded: true });
  /** The path from the agent to the team shown (a breadcrumb when it is a sub-agent's). */
  const $path = computed(list.$load, (l) => l.data?.path ?? []);

  /** Asks the list for the filters now, even when they are the ones shown. */
  const ask = () => list.load(teamQuery($filters.get()), { again: true });
  onMount(list.$load, () => void list.load(teamQuery($filters.get())));

  /** Changes filters and asks the list again, from its first page unless `patch` names one. */
  function filter(patch: Partial<TeamFilters>): Promise<void> {
    $filters.set({ ...$filters.get(), pageNo: 1, ...patch });
    return ask();
  }

  return {
    $filters,
    $typed,
    $team: list.$load,
    $path,
    filter,
    /** Opens a sub-agent's own team. */
    open: (id: number) => filter({ parentId: id }),
    /** Goes back up the path (`undefined`: the agent's own team). */
    up: (id: number | undefined) => filter({ parentId: id }),
    type: (text: string) => $typed.set(text),
    /** Sends the search field (trimmed). */
    search: () => filter({ search: $typed.get().trim() }),
    /** The previous (-1) or next (1) page. */
    turn: (by: -1 | 1) => filter({ pageNo: $filters.get().pageNo + by }),
    retry: ask,
  };
}

export type TeamList = ReturnType<typeof createTeamList>;
