/**
 * What every modal layer shares (spec 2.8): the page's scroll is frozen while one is open and
 * comes back to where it was; keyboard focus stays inside the top layer and returns, when the
 * last layer closes, to where it was before the first opened.
 */
import { useEffect, useLayoutEffect, type RefObject } from 'react';

let locks = 0;
let savedY = 0;

/** Freezes page scrolling, remembering the position (nested calls are counted). */
function lockScroll(): void {
  if (locks++ > 0) return;
  savedY = window.scrollY;
  const s = document.body.style;
  s.position = 'fixed';
  s.top = `-${savedY}px`;
  s.left = '0';
  s.right = '0';
  s.overflowY = 'scroll';
}

/** Undoes one lockScroll; the last one restores the remembered position. */
function unlockScroll(): void {
  if (--locks > 0) return;
  locks = 0;
  const s = document.body.style;
  s.position = s.top = s.left = s.right = s.overflowY = '';
  window.scrollTo({ top: savedY, behavior: 'instant' });
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Focusable elements of `root` in tab order (visible ones only). */
export function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.getClientRects().length > 0);
}

/** Open layers, bottom first; only the top one traps Tab. */
const stack: HTMLElement[] = [];
/** Where focus goes back when the last layer closes. */
let returnTo: HTMLElement | null = null;

function onKeydown(e: KeyboardEvent): void {
  if (e.key !== 'Tab') return;
  const top = stack[stack.length - 1];
  if (!top) return;
  const list = focusables(top);
  if (list.length === 0) {
    e.preventDefault();
    top.focus();
    return;
  }
  const first = list[0]!;
  const last = list[list.length - 1]!;
  const active = document.activeElement as HTMLElement | null;
  if (!active || !top.contains(active)) {
    e.preventDefault();
    (e.shiftKey ? last : first).focus();
  } else if (e.shiftKey && active === first) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && active === last) {
    e.preventDefault();
    first.focus();
  }
}

/**
 * Makes the element of `ref` a modal layer while mounted: scroll frozen, Tab kept inside, focus
 * moved in (to `[data-autofocus]`, else the first text field, else the dialog box itself) and
 * given back when the last layer closes.
 */
export function useModalLayer(ref: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const active = document.activeElement as HTMLElement | null;
    // Opening from inside another layer (login -> register) keeps the first opener as target.
    // (When it replaces another in one commit, the old one is gone and focus sits on <body>.)
    if (stack.length === 0 && active && active !== document.body && !active.closest('[data-modal-layer]')) returnTo = active;
    stack.push(el);
    if (stack.length === 1) {
      lockScroll();
      document.addEventListener('keydown', onKeydown, true);
    }
    return () => {
      const i = stack.lastIndexOf(el);
      if (i >= 0) stack.splice(i, 1);
      if (stack.length === 0) {
        document.removeEventListener('keydown', onKeydown, true);
        unlockScroll();
        // A popup replaced by another in the same commit mounts before this runs: check later.
        queueMicrotask(() => {
          if (stack.length > 0) return;
          const target = returnTo && returnTo.isConnected ? returnTo : document.getElementById('main');
          target?.focus({ preventScroll: true });
          returnTo = null;
        });
      }
    };
  }, [ref]);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    // A form whose fields arrive later (registration rules) focuses its first field itself.
    const chosen =
      el.querySelector<HTMLElement>('[data-autofocus]') ??
      el.querySelector<HTMLElement>('input:not([type="hidden"]):not([type="checkbox"]):not([type="radio"]):not([disabled]), textarea') ??
      el.querySelector<HTMLElement>('[role="dialog"], [role="alertdialog"]') ??
      focusables(el)[0] ??
      el;
    chosen.focus({ preventScroll: true });
  }, [ref]);
}

/** Is focus parked on a dialog box or nowhere, so that a field arriving late may take it? */
export function focusIsFree(): boolean {
  const a = document.activeElement;
  return !a || a === document.body || a.matches('[role="dialog"], [role="alertdialog"]');
}
