/**
 * What a feature puts in the shell, declared in its `shell.tsx` and gathered in feature order by
 * src/app/shell-parts.ts: popups (opened by name through the popup store), parts of the header,
 * and the live parts of its pages (`data-shell-page` placeholders). The shell renders whatever
 * is declared and knows no feature by name. (The member-centre overlay still loads the wallet's
 * pages itself: src/shell/member-centre/MemberCentreHost.tsx.)
 */
import type { ComponentType, ReactNode } from 'react';
import type { Labels } from './labels.tsx';

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
}
