/**
 * The back office's own state on /agentHome (spec 2.15; issue 13), as nanostores advises: one
 * store for the app, actions as plain functions, islands/AgentApp.tsx only renders. The agent's
 * catalogue and profile, the section shown (remembered in this browser), and the versions that
 * make the team list and the profile load again after the team changed.
 */
import { atom, computed, onMount, task } from 'nanostores';
import type { ApiClient } from '../../../kernel/http/client.ts';
import type { ValueOf } from '../../../kernel/contract.ts';
import { openMemberCentre } from '../../../shell/member-centre/store.ts';
import { agentProfile } from '../contract.ts';
import type { AgentLabels } from './labels.ts';
import { AGENT_SECTION_KEY, CENTRE_PAGES, rememberedSection, SECTIONS, shown, type Section } from './sections.ts';

export type Profile = ValueOf<typeof agentProfile>;

/** Where the catalogue comes from (agentCatalogue of ./labels.ts; a stand-in in tests). */
export interface LabelsSource {
  loaded(lang: string): AgentLabels | undefined;
  load(lang: string): Promise<AgentLabels>;
}

function localStore(): Storage | null {
  try {
    return localStorage;
  } catch {
    /* storage unavailable */
    return null;
  }
}

/** The back office of one page, in `lang`; `storage` is where the section is remembered (local storage). */
export function createBackOffice(o: { client: () => ApiClient; lang: string; labels: LabelsSource; storage?: () => Pick<Storage, 'getItem' | 'setItem'> | null }) {
  const storage = o.storage ?? localStore;
  const $labels = atom<AgentLabels | undefined>(o.labels.loaded(o.lang));
  const $profile = atom<Profile | null>(null);
  let stored: string | null = null;
  try {
    stored = storage()?.getItem(AGENT_SECTION_KEY) ?? null;
  } catch {
    /* storage unavailable */
  }
  const $section = atom<Section>(rememberedSection(stored));
  /** Grows when the team changed (a registration, a decided offer): the team list and the profile load again. */
  const $teamVersion = atom(0);
  /** Grows with every section chosen, so that a phone brings the section into view. */
  const $chosen = atom(0);
  /** The menu: every section but the contract pages of kinds the brand does not offer. */
  const $menu = computed($profile, (profile) => SECTIONS.filter(([key]) => shown(key, profile?.contractKinds)));

  // Without the profile the back office still works (no counts, no contract pages), so a
  // failure shows nothing; the next change of the team asks again.
  const loadProfile = () =>
    void task(() =>
      o
        .client()
        .call(agentProfile)
        .then((p) => $profile.set(p))
        .catch(() => undefined),
    );
  onMount($labels, () => {
    if (!$labels.get())
      void task(() =>
        o.labels.load(o.lang).then(
          (l) => $labels.set(l),
          () => undefined,
        ),
      );
  });
  onMount($profile, () => $teamVersion.subscribe(loadProfile));

  /**
   * Shows a section. The member centre's pages open over the page, and the section shown behind
   * them stays as it was (and is not remembered: it is not a page of the back office).
   */
  function choose(s: Section): void {
    const centre = CENTRE_PAGES[s];
    if (centre) return openMemberCentre(centre);
    $section.set(s);
    $chosen.set($chosen.get() + 1);
    try {
      storage()?.setItem(AGENT_SECTION_KEY, s);
    } catch {
      /* storage unavailable */
    }
  }

  /** The team changed: the team list and the profile's counts load again. */
  const teamChanged = () => $teamVersion.set($teamVersion.get() + 1);

  return {
    $labels,
    $profile,
    $section,
    $teamVersion,
    $chosen,
    $menu,
    choose,
    teamChanged,
    /** After a registration: the team list, fresh. */
    showTeam(): void {
      teamChanged();
      choose('teamManagement');
    },
  };
}

export type BackOffice = ReturnType<typeof createBackOffice>;
