/**
 * The kernel's `common` catalogue in the browser, as a chunk of its own loaded on first need
 * (lazyCatalogue): the words every part may show (the UI kit's pager, period picker and load
 * states). Browser only: Vite resolves the glob, so no module plain Node loads imports this one.
 */
import type enCommon from './en/common.json';
import { lazyCatalogue } from './browser.ts';

export type CommonLabels = typeof enCommon;

/** The `common` catalogue by language (one request per language and page). */
export const commonCatalogue = lazyCatalogue(import.meta.glob<CommonLabels>('../i18n/*/common.json', { import: 'default' }));
