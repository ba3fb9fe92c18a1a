/**
 * The announcement popup of spec 2.8, without React (visitors' pages load none until they need
 * it): titles on the left, 9 per page with a pager of 5 pages and 1 margin page (spec 9); the
 * selected item's title and HTML on the right (under its title on a phone); selecting an item by
 * its index jumps to its page; selecting the open item collapses it; a promotion item has a
 * button to the promotion. As every popup of 2.8: closes only by its close button, draggable by
 * its title bar, page scroll frozen and restored, focus kept inside, 100 ms fade.
 */
import { ANNOUNCE_POPUP } from '../../../kernel/constants.ts';
import { dragBox, focusInto, popLayer, pushLayer } from '../../../ui/layers.ts';
import { pagerItems } from '../../../ui/pager.ts';
import { addStylesheet, stylesheetsReady } from '../../../ui/stylesheets.ts';
import popupCss from '../../../ui/popup.css?url';
import announceCss from './announce-popup.css?url';
import { AFTER_LOGIN_PAGE_KEY } from '../../../shell/member-centre/pages.ts';

/** An item of MCSFE_getListAnnouncements (content's `announcementItem`), as the popup reads it. */
export interface AnnounceItem {
  id: number;
  title: string;
  /** Sanitised HTML (the server cleans it when it is written). */
  content: string;
  promotionType: string | null;
  isDemo: boolean;
}

/** What the home page gives the popup: the types to ask for, where promotions open, the words. */
export interface AnnounceConfig {
  /** Comma list of announcement types (content's POPUP_TYPES). */
  types: string;
  /** Where the go-to-promotion button leads a visitor: the login popup (the page's language), after which the reward centre opens. */
  loginHref: string;
  /** Where it leads a member: the reward centre (spec 2.8), which the shell opens in place. */
  rewardsHref: string;
  labels: {
    title: string;
    close: string;
    list: string;
    pages: string;
    /** 'Page {{page}}' */
    page: string;
    previousPage: string;
    nextPage: string;
    previous: string;
    next: string;
    /** 'Choose an announcement to read it.' */
    choose: string;
    goToPromotion: string;
    demo: string;
    /** '{{current}} of {{total}}' */
    position: string;
  };
}

const FADE_MS = 100;
const PHONE = '(max-width: 720px)';

function el<K extends keyof HTMLElementTagNameMap>(tag: K, props: Partial<HTMLElementTagNameMap[K]> = {}, ...children: (Node | string)[]): HTMLElementTagNameMap[K] {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
}

const fill = (template: string, values: Record<string, string | number>) => template.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k] ?? ''));

/** The popup's state: which page of titles shows, which item is open (null: collapsed). */
export interface PopupView {
  page: number;
  selected: number | null;
}

/** Selecting item `index`: it opens on its own page; selecting the open item collapses it. */
export function selectItem(view: PopupView, index: number): PopupView {
  if (view.selected === index) return { page: view.page, selected: null };
  return { page: Math.floor(index / ANNOUNCE_POPUP.pageSize) + 1, selected: index };
}

/**
 * Opens the popup over the page with `items` (the first one open); `onClosed` runs when the
 * visitor closes it (or follows a promotion link), so that it stays closed for the session.
 */
export async function openAnnouncementPopup(items: AnnounceItem[], config: AnnounceConfig, onClosed: () => void, member = false, open: { selected?: number; title?: string } = {}): Promise<void> {
  void addStylesheet(popupCss);
  void addStylesheet(announceCss);
  await stylesheetsReady();
  const { labels } = config;
  const pages = Math.ceil(items.length / ANNOUNCE_POPUP.pageSize);
  // The notice popup opens on the notice chosen in the marquee, on its page.
  const first = Math.min(Math.max(open.selected ?? 0, 0), Math.max(items.length - 1, 0));
  let view: PopupView = { page: Math.floor(first / ANNOUNCE_POPUP.pageSize) + 1, selected: first };

  const titleBar = el('div', { className: 'popup-head' }, el('h2', { className: 'popup-title', id: 'announce-title' }, open.title ?? labels.title));
  const closeButton = el('button', { type: 'button', className: 'popup-close', title: labels.close });
  closeButton.setAttribute('aria-label', labels.close);
  closeButton.innerHTML = '<svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true"><path d="M6 6l12 12M18 6L6 18" stroke="currentColor" stroke-width="2.2" stroke-linecap="round"/></svg>';
  const list = el('ol', { className: 'ann-list' });
  const pager = el('nav', { className: 'ann-pager' });
  pager.setAttribute('aria-label', labels.pages);
  const nav = el('div', { className: 'ann-nav' }, list, pager);
  nav.setAttribute('role', 'group');
  nav.setAttribute('aria-label', labels.list);
  const reader = el('section', { className: 'ann-view', id: 'announce-view' });
  reader.setAttribute('aria-live', 'polite');
  const body = el('div', { className: 'ann-body' }, nav, reader);
  const box = el('div', { className: 'popup ann', tabIndex: -1 }, closeButton, titleBar, body);
  box.setAttribute('role', 'dialog');
  box.setAttribute('aria-modal', 'true');
  box.setAttribute('aria-labelledby', 'announce-title');
  const layer = el('div', { className: 'popup-layer' }, box);
  layer.dataset.modalLayer = '';
  const phone = window.matchMedia(PHONE);

  function pageButton(page: number, label: string, text: string, disabled = false): HTMLButtonElement {
    const b = el('button', { type: 'button', className: 'ann-page', disabled }, text);
    b.setAttribute('aria-label', label);
    if (page === view.page && text === String(page)) b.setAttribute('aria-current', 'page');
    b.addEventListener('click', () => {
      view = { ...view, page };
      render(list.contains(document.activeElement) || pager.contains(document.activeElement) ? `[data-page-button="${page}"]` : undefined);
    });
    if (text === String(page)) b.dataset.pageButton = String(page);
    return b;
  }

  function renderReader(): void {
    reader.replaceChildren();
    const i = view.selected;
    const item = i === null ? undefined : items[i];
    if (i === null || !item) {
      reader.append(el('p', { className: 'ann-hint' }, labels.choose));
      return;
    }
    const heading = el('h3', { className: 'ann-heading' }, item.title);
    const content = el('div', { className: 'ann-content prose' });
    content.innerHTML = item.content;
    const foot = el('div', { className: 'ann-foot' });
    if (item.promotionType) {
      // Spec 2.8: it opens the reward centre, over the page. A visitor logs in first (the link to
      // /login opens the login popup in place, src/shell/boot.ts) and the member centre opens on
      // the reward centre once logged in (MemberCentreHost); the members' popup then stays away.
      const go = el('a', { className: 'btn btn-primary ann-go', href: member ? config.rewardsHref : config.loginHref }, labels.goToPromotion);
      // Followed, the popup has done its work: closed for the session.
      go.addEventListener('click', () => {
        if (!member) {
          try {
            sessionStorage.setItem(AFTER_LOGIN_PAGE_KEY, 'rewards');
            sessionStorage.setItem('announcePopupClosed.member', '1');
          } catch {
            /* storage unavailable: the login still opens */
          }
        }
        close();
      });
      foot.append(go);
    }
    const steps = el('div', { className: 'ann-steps' });
    const step = (to: number, label: string, glyph: string) => {
      const b = el('button', { type: 'button', className: 'ann-step', disabled: to < 0 || to >= items.length, title: label }, glyph);
      b.setAttribute('aria-label', label);
      b.addEventListener('click', () => show(to, '.ann-step:not([disabled])'));
      return b;
    };
    steps.append(step(i - 1, labels.previous, '‹'), el('span', { className: 'ann-position' }, fill(labels.position, { current: i + 1, total: items.length })), step(i + 1, labels.next, '›'));
    foot.append(steps);
    reader.append(heading);
    if (item.isDemo) reader.append(el('p', { className: 'ann-demo' }, labels.demo));
    reader.append(content, foot);
  }

  /** Draws the page of titles, the pager and the open item; `focus` is a selector to focus afterwards. */
  function render(focus?: string): void {
    const first = (view.page - 1) * ANNOUNCE_POPUP.pageSize;
    list.replaceChildren();
    list.start = first + 1;
    items.slice(first, first + ANNOUNCE_POPUP.pageSize).forEach((item, k) => {
      const index = first + k;
      const open = view.selected === index;
      const b = el('button', { type: 'button', className: 'ann-item' }, el('span', { className: 'ann-index' }, `${index + 1}.`), el('span', { className: 'ann-title' }, item.title));
      b.setAttribute('aria-expanded', String(open));
      b.setAttribute('aria-controls', 'announce-view');
      b.dataset.index = String(index);
      b.addEventListener('click', () => show(index, `[data-index="${index}"]`));
      list.append(el('li', {}, b));
    });
    pager.replaceChildren();
    pager.hidden = pages < 2;
    if (pages > 1) {
      pager.append(pageButton(view.page - 1, labels.previousPage, '‹', view.page === 1));
      for (const p of pagerItems(view.page, pages, ANNOUNCE_POPUP.pageRange, ANNOUNCE_POPUP.marginPages)) {
        pager.append(p === 'gap' ? el('span', { className: 'ann-gap' }, '…') : pageButton(p, fill(labels.page, { page: p }), String(p)));
      }
      pager.append(pageButton(view.page + 1, labels.nextPage, '›', view.page === pages));
    }
    renderReader();
    // On a phone the open item reads under its own title; on wider screens, beside the list.
    const openTitle = view.selected === null ? null : list.querySelector(`[data-index="${view.selected}"]`);
    if (phone.matches && openTitle) openTitle.parentElement!.append(reader);
    else if (reader.parentElement !== body) body.append(reader);
    if (focus) box.querySelector<HTMLElement>(focus)?.focus();
  }

  function show(index: number, focus?: string): void {
    view = selectItem(view, index);
    render(focus);
  }

  let closing = false;
  function close(): void {
    if (closing) return;
    closing = true;
    delete layer.dataset.shown;
    onClosed();
    window.setTimeout(() => {
      phone.removeEventListener('change', relayout);
      layer.remove();
      popLayer(layer);
    }, FADE_MS);
  }
  const relayout = () => render();

  closeButton.addEventListener('click', close);
  const offset = { x: 0, y: 0 };
  titleBar.addEventListener('pointerdown', (e) => dragBox(e, titleBar, box, offset));
  phone.addEventListener('change', relayout);
  render();
  document.body.append(layer);
  pushLayer(layer);
  focusInto(layer);
  requestAnimationFrame(() => (layer.dataset.shown = ''));
}
