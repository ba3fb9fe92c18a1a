/**
 * Content collections: the help centre and promotions, from Markdown under src/content/<kind>/<locale>/.
 * The loader does not parse or render anything itself: it takes the documents from the same
 * server module that the API and the side menu use (#lib/server/content/documents.ts), so a
 * page and an API answer show the same sanitised HTML. Entry ids are '<locale>/<id>'.
 * The import is relative, not '#lib/...': the build keeps '#lib/server/*' external for the
 * server bundle (scripts/astro-shared-server.mjs), and this file is evaluated before that bundle
 * exists, where an external '#lib' id cannot be loaded.
 */
import path from 'node:path';
import { defineCollection } from 'astro:content';
import type { Loader } from 'astro/loaders';
import { z } from 'zod';
import type { Locale } from './kernel/locales.ts';
import { contentRoot, documentLocales, helpFrontMatter, promotionFrontMatter, readDocuments, type DocumentKind } from './features/content/server/documents.ts';

const locale = z.enum(documentLocales as [Locale, ...Locale[]]);

function markdownLoader(kind: DocumentKind, schema: typeof helpFrontMatter | typeof promotionFrontMatter): Loader {
  return {
    name: `casino-${kind}`,
    load: async ({ store, parseData, generateDigest, watcher, logger }) => {
      const sync = async () => {
        store.clear();
        for (const loc of documentLocales) {
          for (const doc of readDocuments(kind, loc, schema)) {
            const { html, body, file, source, ...fields } = doc;
            const id = `${loc}/${fields.id}`;
            const data = await parseData({ id, data: { ...fields, locale: loc } });
            store.set({ id, data, body, filePath: file, digest: generateDigest(source), rendered: { html } });
          }
        }
      };
      await sync();
      // In astro dev, an edit under src/content/<kind> reloads the collection.
      const dir = path.join(contentRoot, kind);
      watcher?.add(dir);
      watcher?.on('all', (_event, changed) => {
        if (!changed.startsWith(dir)) return;
        sync().catch((err) => logger.error(String(err)));
      });
    },
  };
}

const help = defineCollection({
  loader: markdownLoader('help', helpFrontMatter),
  schema: helpFrontMatter.extend({ locale }),
});

const promotions = defineCollection({
  loader: markdownLoader('promotions', promotionFrontMatter),
  schema: promotionFrontMatter.safeExtend({ locale }),
});

export const collections = { help, promotions };
