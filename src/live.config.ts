/**
 * Live content collections (issue 30): the help centre and promotions are read at request time from
 * what the content studio published (src/features/content/server/live.ts), per language, so an
 * editor's publish shows without a rebuild. The loader returns HTML rendered and sanitised when the
 * version was saved; a staff member's preview token (filter `preview`) shows the drafts instead.
 * The import is '#features/...' so that pages and the server share one module (one snapshot).
 */
import { defineLiveCollection } from 'astro:content';
import { helpLoader, promotionLoader } from '#features/content/index.ts';

const help = defineLiveCollection({ loader: helpLoader() });
const promotions = defineLiveCollection({ loader: promotionLoader() });

export const collections = { help, promotions };
