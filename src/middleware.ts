/**
 * Per request: the locale and a fixed i18next `t` in Astro.locals (as Starlight does), and what
 * only a page-level answer may decide: the HTTP status of the status screen, 404 for an unknown
 * game page, and how long a shared cache may keep a server-rendered page (pages carry no
 * per-user data, see src/kernel/http/page-cache.ts); the cache lifetimes are the pages' own
 * (their features' pages.ts).
 */
import { defineMiddleware } from 'astro:middleware';
import { getT } from '#kernel/i18n/server.ts';
import { statusFor, systemState } from '#features/system/server/status.ts';
import { CLIENT_IP_HEADER } from '#app/site.ts';
import { GAME_PAGES } from '#kernel/categories.ts';
import { DEFAULT_LOCALE, isLocale, localizePath } from '#kernel/locales.ts';

import { CACHE_RULES } from '#app/pages.ts';
import { CACHE_QUERY_HEADER } from '#kernel/http/page-cache.ts';

export const onRequest = defineMiddleware(async (context, next) => {
  const locale = isLocale(context.currentLocale) ? context.currentLocale : DEFAULT_LOCALE;
  context.locals.locale = locale;
  context.locals.t = getT(locale);
  const route = context.routePattern.replace(new RegExp(`^/(${locale})(?=/|$)`), '') || '/';

  if (route === '/[game]' && !GAME_PAGES[String(context.params.game)]) {
    const page = await context.rewrite(localizePath('/404', locale));
    return new Response(page.body, { status: 404, headers: page.headers });
  }
  if (route === '/system-status') {
    const ip = context.request.headers.get(CLIENT_IP_HEADER) ?? context.clientAddress;
    const status = statusFor(await systemState(), ip);
    if (status === 0) return context.redirect(localizePath('/', locale), 302);
    const res = await next();
    const headers = new Headers(res.headers);
    headers.set('cache-control', 'no-store');
    if (status === 1) headers.set('retry-after', '300');
    return new Response(res.body, { status: status === 1 ? 503 : 403, headers });
  }

  const res = await next();
  const rule = CACHE_RULES[route];
  if (rule && res.status === 200 && !context.isPrerendered && !res.headers.has('cache-control')) {
    res.headers.set('cache-control', `public, max-age=0, s-maxage=${rule.seconds}`);
    // For the page cache, which stores GET answers only and takes the header off them.
    if (context.request.method === 'GET') res.headers.set(CACHE_QUERY_HEADER, rule.query.join(','));
  }
  return res;
});
