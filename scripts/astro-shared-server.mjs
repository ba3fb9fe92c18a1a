// An Astro integration with two jobs:
// 1. In `astro build`, keep `#lib/server/*` (and what it shares with the client: contract, shared)
//    external in the server bundle, so Node loads the source files once per process.
// 2. In `astro dev`, mount the same /wps and /lgw dispatcher and system gate that the production
//    server (src/server/main.ts) uses, so dev behaves like prod.
const EXTERNAL = /^#lib\/(server|contract|shared)\//;

/** @returns {import('astro').AstroIntegration} */
export function sharedServerModules() {
  return {
    name: 'casino:shared-server-modules',
    hooks: {
      'astro:config:setup': ({ updateConfig, command }) => {
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
        const { createSiteHandler } = await import('../src/lib/server/http/site.ts');
        const { initDb } = await import('../src/lib/server/db/index.ts');
        const { seedDemoIfNeeded } = await import('../src/lib/server/seed/index.ts');
        const { env } = await import('../src/lib/server/env.ts');
        const handle = await initDb();
        if (env().SEED === 'demo') await seedDemoIfNeeded(handle);
        const site = createSiteHandler({ astro: (_req, _res, next) => next?.(), cache: false });
        server.middlewares.use((req, res, next) => void site(req, res, next));
      },
    },
  };
}
