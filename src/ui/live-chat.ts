/**
 * Opens the live chat (issue 31): on a wide screen the customer-service window of the spec (440 x
 * 750 pixels, beside the site, which it outlives); on a phone, or when the browser blocks the
 * window, the chat page in place (it has a way back). The window is opened without `noopener` on
 * purpose: it is our own page, and it gets a copy of the tab's session (sessionStorage), so a
 * member chats as themselves.
 */
export function openLiveChat(href: string): void {
  const wide = typeof matchMedia === 'function' && matchMedia('(min-width: 720px)').matches;
  const win = wide ? window.open(href, 'livechat', 'popup,width=440,height=750') : null;
  if (win) win.focus();
  else window.location.assign(href);
}
