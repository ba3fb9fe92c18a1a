/**
 * What a feature puts in the shell, declared in its `shell.tsx` and gathered in feature order by
 * src/app/shell-parts.ts: popups (opened by name through the popup store), parts of the header,
 * and the live parts of its pages (`data-shell-page` placeholders). The shell renders whatever
 * is declared and knows no feature by name, the member centre's pages included.
 */
import type { ReadableAtom } from 'nanostores';
import type { ComponentType, ReactNode } from 'react';
import type { Labels, Lang } from './labels.tsx';
import type { CentreSlots } from './member-centre/slots.tsx';

export interface PopupProps {
  /** What the opener passed (openPopup(name, params)). */
  params: unknown;
  /** Closes the popup (and, on /login, /register or /forget, leaves the address at /). */
  onClose: () => void;
  labels: Labels;
}

export interface ShellParts {
  /** Popups by name. */
  popups?: Record<string, (p: PopupProps) => ReactNode>;
  /** Parts of the header's logged-in area, in order (portals into the header's slot). */
  header?: ComponentType[];
  /** The live parts of pages, by their `data-shell-page` name. */
  pages?: Record<string, ComponentType>;
  /** Pages of the member centre (spec 2.14): the overlay's menu, its pages and the /member page's links are made of these. */
  centre?: CentreEntry[];
}

/** One page of the member centre, at `/member?page=<page>`. */
export interface CentreEntry {
  page: string;
  /** Its place in the menu, spec 2.14's order (the wallet's pages 10-80, the reward centre 90, messages 120). */
  order: number;
  /** Its name in the menu, in `lang` (the feature's own catalogue). */
  label: (lang: Lang) => Promise<string>;
  /** The feature's pages module, loaded once, when the overlay first opens. */
  load: () => Promise<CentreModule>;
  /** Listed only while true (the VIP page while the member has a level). */
  shown?: ReadableAtom<boolean>;
  /** A count beside the entry (unread messages, rewards to claim). */
  badge?: ReadableAtom<number>;
  /** Called when the overlay opens (the reward centre's count is asked then). */
  onOpen?: () => void;
}

/** What a feature's member-centre module gives the overlay. */
export interface CentreModule {
  /** Its pages by name; each brings its own strings. */
  PAGES: Record<string, ComponentType>;
  /** Parts it puts in other features' pages (./member-centre/slots.tsx). */
  SLOTS?: CentreSlots;
}
