// An Astro integration with three jobs:
// 0. Inject the site's pages: one route per page declared by a feature (src/app/pages.ts) and per
//    language, as Starlight injects one route for every locale.
// 1. In `astro build`, keep the plain-Node server modules external in the server bundle, so Node
//    loads the source files once per process: the kernel, the providers, the app, and each
//    feature's server code, contract and public face (`#features/<name>/...` outside its islands,
//    client stores, views, components and tests). Pages must import them with `#` specifiers.
// 2. In `astro dev`, mount the same /wps and /lgw dispatcher and system gate that the production
//    server (src/app/server.ts) uses, so dev behaves like prod.
export const EXTERNAL = /^#(?:(?:kernel|app|providers)\/.*|features\/[^/]+\/(?!islands\/|client\/|client\.ts$|views\/|components\/|tests\/).*)\.ts$/;

/** @returns {import('astro').AstroIntegration} */
export function sharedServerModules() {
  return {
    name: 'casino:shared-server-modules',
    hooks: {
      'astro:config:setup': async ({ updateConfig, command, injectRoute }) => {
        const { siteRoutes } = await import('../src/app/pages.ts');
        for (const r of siteRoutes()) injectRoute(r);
        if (command !== 'build') return;
        updateConfig({
          vite: {
            plugins: [
              {
                name: 'casino:externalise-server-modules',
                enforce: 'pre',
                resolveId(id) {
                  if (this.environment?.config?.consumer === 'server' && EXTERNAL.test(id)) {
                    return { id, external: true };
                  }
                  return null;
                },
              },
            ],
          },
        });
      },
      'astro:server:setup': async ({ server }) => {
        const { createSiteHandler } = await import('../src/app/site.ts');
        const { initDb } = await import('../src/kernel/db/index.ts');
        const { seedDemoIfNeeded } = await import('../src/app/seed.ts');
        const { env } = await import('../src/kernel/env.ts');
        const handle = await initDb();
        if (env().SEED === 'demo') await seedDemoIfNeeded(handle);
        const site = createSiteHandler({ astro: (_req, _res, next) => next?.(), cache: false });
        server.middlewares.use((req, res, next) => void site(req, res, next));
      },
    },
  };
}
