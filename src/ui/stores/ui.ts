/**
 * Which popup is open, the generic modal dialog and the loader overlay of spec 2.8. One main
 * popup at a time (switching login to register hides the login popup), with a dialog and the
 * loader able to sit above it. Components render these; features call the actions.
 */
import { atom } from 'nanostores';

/** The popups of spec 2.8 that the accounts slice owns. */
export type PopupName = 'login' | 'register' | 'forget' | 'changePassword' | 'afterLogin' | 'ipVerify';

export interface OpenPopup {
  name: PopupName;
  /** What the popup needs from whoever opened it (kept in memory only, never stored). */
  params?: Record<string, unknown>;
}

export const $popup = atom<OpenPopup | null>(null);

/** Opens `name`, replacing any popup already open. */
export function openPopup(name: PopupName, params?: Record<string, unknown>): void {
  $popup.set({ name, params });
}

/** Closes the open popup (its close button, or the end of its flow). */
export function closePopup(): void {
  $popup.set(null);
}

export type DialogKind = 'info' | 'warning' | 'success' | 'error' | 'confirm';

export interface DialogOptions {
  kind: DialogKind;
  /** Defaults to the generic prompt title (in_popup_prompt). */
  title?: string;
  text: string;
  /** Defaults to the generic confirm label. */
  confirmLabel?: string;
  /** Shown for kind 'confirm' (defaults to the generic cancel label). */
  cancelLabel?: string;
  /** Closes by itself after this long, as if dismissed (spec 2.8: optional timeout). */
  timeoutMs?: number;
}

export interface OpenDialog extends DialogOptions {
  id: number;
  resolve: (confirmed: boolean) => void;
}

export const $dialog = atom<OpenDialog | null>(null);
let dialogSeq = 0;

/**
 * Shows the generic modal dialog; resolves true when confirmed, false when cancelled, dismissed
 * by a click on the cover, or timed out. A second dialog replaces the first (which resolves false).
 */
export function showDialog(options: DialogOptions): Promise<boolean> {
  $dialog.get()?.resolve(false);
  return new Promise((resolve) => {
    const id = ++dialogSeq;
    $dialog.set({
      ...options,
      id,
      resolve: (confirmed) => {
        if ($dialog.get()?.id === id) $dialog.set(null);
        resolve(confirmed);
      },
    });
  });
}

/** Open loader overlays; shown while the count is above zero. */
export const $loading = atom(0);

/** Shows the loader overlay until `work` settles. */
export async function withLoader<T>(work: () => Promise<T>): Promise<T> {
  $loading.set($loading.get() + 1);
  try {
    return await work();
  } finally {
    $loading.set(Math.max(0, $loading.get() - 1));
  }
}
