/** Handlers of the content calls (contract: src/lib/contract/content.ts). */
import { helpCenter, listAnnouncements, verifyRepresentative } from '../../contract/content.ts';
import { localeFromApi } from '../../shared/locales.ts';
import { brand } from '../brand/index.ts';
import { db } from '../db/index.ts';
import { route } from '../http/dispatch.ts';
import { findAnnouncements } from './announcements.ts';
import { helpSections } from './documents.ts';
import { verifyRepresentative as verify } from './mirrors.ts';

export const contentRoutes = [
  route(helpCenter, ({ query }, ctx) => {
    const locale = query.lang ? localeFromApi(query.lang) : ctx.locale;
    return helpSections(locale).map((s) => ({ id: s.id, title: s.title, html: s.html }));
  }),
  route(listAnnouncements, async ({ query }, ctx) =>
    findAnnouncements(await db(), { locale: ctx.locale, types: query.types, executions: query.execution }),
  ),
  route(verifyRepresentative, ({ query }) => verify(query.code, brand())),
];
