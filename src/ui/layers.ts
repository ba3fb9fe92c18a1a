/**
 * What every modal layer shares (spec 2.8), without a framework so that the vanilla popups of
 * visitors' pages (the announcement popup) and the React ones stack together: the page's scroll
 * is frozen while one is open and comes back to where it was; keyboard focus stays inside the
 * top layer and returns, when the last layer closes, to where it was before the first opened.
 */

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

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

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

/** Makes `el` (marked `data-modal-layer`) the top modal layer: scroll frozen, Tab kept inside. */
export function pushLayer(el: HTMLElement): void {
  const active = document.activeElement as HTMLElement | null;
  // Opening from inside another layer (login -> register) keeps the first opener as target.
  // (When it replaces another in one commit, the old one is gone and focus sits on <body>.)
  if (stack.length === 0 && active && active !== document.body && !active.closest('[data-modal-layer]')) returnTo = active;
  stack.push(el);
  if (stack.length === 1) {
    lockScroll();
    document.addEventListener('keydown', onKeydown, true);
  }
}

/** Removes `el` from the layers; the last one out unfreezes the page and gives focus back. */
export function popLayer(el: HTMLElement): void {
  const i = stack.lastIndexOf(el);
  if (i >= 0) stack.splice(i, 1);
  if (stack.length > 0) return;
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

/** Moves focus into a new layer: `[data-autofocus]`, else the first text field, else the dialog box itself. */
export function focusInto(el: HTMLElement): void {
  const chosen =
    el.querySelector<HTMLElement>('[data-autofocus]') ??
    el.querySelector<HTMLElement>('input:not([type="hidden"]):not([type="checkbox"]):not([type="radio"]):not([disabled]), textarea') ??
    el.querySelector<HTMLElement>('[role="dialog"], [role="alertdialog"]') ??
    focusables(el)[0] ??
    el;
  chosen.focus({ preventScroll: true });
}

/** Is focus parked on a dialog box or nowhere, so that a field arriving late may take it? */
export function focusIsFree(): boolean {
  const a = document.activeElement;
  return !a || a === document.body || a.matches('[role="dialog"], [role="alertdialog"]');
}

/**
 * Drags `box` by a pointer pressed on `handle` (a popup's title bar), keeping it at least partly
 * on screen. `offset` holds the box's translation between drags.
 */
export function dragBox(e: PointerEvent, handle: HTMLElement, box: HTMLElement, offset: { x: number; y: number }): void {
  if (e.button !== 0 || (e.target as HTMLElement).closest('button, a, input, select, textarea, [role="tab"]')) return;
  const start = { x: e.clientX - offset.x, y: e.clientY - offset.y };
  const rect = box.getBoundingClientRect();
  const base = { left: rect.left - offset.x, top: rect.top - offset.y };
  handle.setPointerCapture(e.pointerId);
  const move = (ev: PointerEvent) => {
    const minX = -base.left - rect.width + 80;
    const maxX = window.innerWidth - base.left - 80;
    const minY = -base.top;
    const maxY = window.innerHeight - base.top - 48;
    offset.x = Math.min(maxX, Math.max(minX, ev.clientX - start.x));
    offset.y = Math.min(maxY, Math.max(minY, ev.clientY - start.y));
    box.style.transform = `translate(${offset.x}px, ${offset.y}px)`;
  };
  const up = () => {
    handle.removeEventListener('pointermove', move);
    handle.removeEventListener('pointerup', up);
    handle.removeEventListener('pointercancel', up);
  };
  handle.addEventListener('pointermove', move);
  handle.addEventListener('pointerup', up);
  handle.addEventListener('pointercancel', up);
}
