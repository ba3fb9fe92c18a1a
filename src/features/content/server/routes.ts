/** Handlers of the content calls (contract: src/features/content/contract.ts). */
import { clientAnnouncements, helpCenter, listAnnouncements, verifyRepresentative } from '../contract.ts';
import { localeFromApi } from '../../../kernel/locales.ts';
import { brand } from '../../../kernel/brand/index.ts';
import { db } from '../../../kernel/db/index.ts';
import { route } from '../../../kernel/http/dispatch.ts';
import { findAnnouncements } from './announcements.ts';
import { helpSections } from './live.ts';
import { verifyRepresentative as verify } from './mirrors.ts';

export const contentRoutes = [
  route(helpCenter, ({ query }, ctx) => {
    const locale = query.lang ? localeFromApi(query.lang) : ctx.locale;
    return helpSections(locale).map((s) => ({ id: s.id, title: s.title, html: s.html }));
  }),
  route(listAnnouncements, async ({ query }, ctx) => findAnnouncements(await db(), { locale: ctx.locale, types: query.types, executions: query.execution })),
  route(clientAnnouncements, async ({ query }, ctx) => {
    const items = await findAnnouncements(await db(), { locale: ctx.locale, types: query.types, executions: query.execution });
    const list = items.map((a) => ({ ...a, announcementImages: [] }));
    return { list, promotion: list, announcements: list };
  }),
  route(verifyRepresentative, ({ query }) => verify(query.code, brand())),
];
