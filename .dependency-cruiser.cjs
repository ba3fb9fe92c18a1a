/**
 * The walls of the house (docs/architecture.md, "Walls"), checked by `npm run check`.
 * Features are listed in dependency order: a feature may use the ones before it, never after.
 * Keep this list in the order of src/app/features.ts (a test checks that they agree).
 */
const FEATURES = ['system', 'accounts', 'protection', 'games', 'wallet', 'play', 'lottery', 'content', 'points', 'promotions', 'inbox', 'agent', 'home', 'support', 'console'];

/** What a feature shows other parts of the house: its server face, its browser face and its Astro parts. */
const FACES = ['^src/features/[^/]+/index\\.ts$', '^src/features/[^/]+/client\\.ts$', '^src/features/[^/]+/contract\\.ts$', '^src/features/[^/]+/components/[^/]+\\.astro$'];

/** Server-only code: what the browser must never load. */
const SERVER_ONLY = [
  '^src/app/(?!(shell|boot)-parts\\.ts$)',
  '^src/providers/',
  '^src/features/[^/]+/server/',
  '^src/features/[^/]+/index\\.ts$',
  '^src/features/[^/]+/manifest\\.ts$',
  '^src/kernel/(db|captcha)/',
  '^src/kernel/http/(?!client\\.ts$|session-keys\\.ts$|event-stream\\.ts$)',
  '^src/kernel/(env|log|rate-limit|idempotency|clock)\\.ts$',
  '^src/kernel/i18n/(server|catalogues)\\.ts$',
  '^src/kernel/envelope/server\\.ts$',
  '^src/kernel/pow/challenge\\.ts$',
  '^src/kernel/brand/(index\\.ts$|brands/)',
];

/** Code that only the browser runs (and Vite bundles): what the server, the contracts and plain-Node modules never load. */
const BROWSER_ONLY = ['^src/features/[^/]+/(islands|client)/', '^src/kernel/i18n/common\\.ts$', '^src/features/[^/]+/client\\.ts$', '^src/ui/', '^src/shell/', '\\.(tsx|astro)$'];

/** Code that runs in the browser: islands, client stores and faces, the UI kit, the shell's scripts. */
const BROWSER = ['^src/features/[^/]+/(islands|client)/', '^src/features/[^/]+/(client\\.ts|shell\\.tsx|boot-part\\.ts)$', '^src/ui/', '^src/shell/.*\\.tsx?$', '^src/app/(shell|boot)-parts\\.ts$'];

const TESTS = '(^tests/|/tests/)';

const order = FEATURES.map((name, i) => ({
  name: `feature-order-${name}`,
  comment: `${name} may use only the features before it (${FEATURES.slice(0, i).join(', ') || 'none'})`,
  severity: 'error',
  from: { path: `^src/features/${name}/` },
  to: { path: `^src/features/(${FEATURES.slice(i + 1).join('|') || '$^'})/` },
}));

const tables = FEATURES.map((name) => ({
  name: `tables-${name}`,
  comment: `only ${name}'s server code imports its tables; other tables files may (foreign keys), and its index.ts may lend some for read-only joins`,
  severity: 'error',
  from: { pathNot: [`^src/features/${name}/server/`, `^src/features/${name}/(index|manifest)\\.ts$`, '^src/features/[^/]+/server/tables\\.ts$', '^src/app/', TESTS] },
  to: { path: `^src/features/${name}/server/tables\\.ts$` },
}));

module.exports = {
  forbidden: [
    {
      name: 'kernel-knows-no-feature',
      comment: 'the kernel is shared machinery: it imports no feature, provider, app, shell or UI code',
      severity: 'error',
      from: { path: '^src/kernel/', pathNot: TESTS },
      to: { path: '^src/(features|providers|app|shell|ui)/' },
    },
    {
      name: 'providers-use-only-the-kernel',
      comment: 'adapters to the outside world import the kernel (and each other) only',
      severity: 'error',
      from: { path: '^src/providers/', pathNot: TESTS },
      to: { path: '^src/(features|app|shell|ui)/' },
    },
    {
      name: 'feature-through-its-faces',
      comment: 'a feature reaches another only through its index.ts (server), client.ts (browser) or components/ (Astro)',
      severity: 'error',
      // Tables files may reference an earlier feature's tables for foreign keys (and import nothing else).
      from: { path: '^src/features/([^/]+)/', pathNot: [TESTS, '^src/features/[^/]+/server/tables\\.ts$'] },
      to: { path: '^src/features/', pathNot: ['^src/features/$1/', ...FACES] },
    },
    {
      name: 'shell-through-faces',
      comment: 'the shell reaches features through their faces; a lazy part (a dynamic import, e.g. the lobby or the member-centre pages) may load a feature island directly',
      severity: 'error',
      from: { path: '^src/shell/' },
      to: { path: '^src/features/', pathNot: [...FACES, '^src/features/[^/]+/islands/'] },
    },
    {
      name: 'shell-loads-islands-lazily',
      comment: "a feature's islands reach the shell's chunk only through a dynamic import, so pages that never use them do not load them",
      severity: 'error',
      from: { path: '^src/shell/' },
      to: { path: '^src/features/[^/]+/islands/', dependencyTypesNot: ['dynamic-import', 'type-only'] },
    },
    {
      name: 'ui-knows-no-feature',
      comment: 'the UI kit is shared: it imports no feature and no shell code',
      severity: 'error',
      from: { path: '^src/ui/' },
      to: { path: '^src/(features|shell|app)/' },
    },
    ...order,
    {
      name: 'browser-never-loads-server-code',
      comment: 'islands, client stores, the UI kit and the shell scripts never import server code, the database, the HTTP kernel or providers',
      severity: 'error',
      from: { path: BROWSER },
      to: { path: SERVER_ONLY },
    },
    {
      name: 'browser-never-reaches-server-code',
      comment: 'nor through anything it imports: contracts and other shared code stay browser-safe all the way down',
      severity: 'error',
      from: { path: [...BROWSER, '^src/features/[^/]+/contract'] },
      to: { path: SERVER_ONLY, reachable: true },
    },
    {
      name: 'server-never-reaches-browser-code',
      comment: 'server modules are loaded by plain Node (type stripping): nothing they import, however deep, may be an island, a .tsx or a browser face',
      severity: 'error',
      from: { path: ['^src/(kernel|providers)/', '^src/app/(?!(shell|boot)-parts\\.ts$)', '^src/features/[^/]+/(server/|index\\.ts$|contract)'], pathNot: TESTS },
      to: { path: BROWSER_ONLY, reachable: true },
    },
    {
      name: 'contracts-are-shared',
      comment: "a contract imports only the kernel and other features' contracts, so both sides can load it",
      severity: 'error',
      from: { path: '^src/features/[^/]+/contract' },
      to: { path: '^src/', pathNot: ['^src/kernel/', '^src/features/[^/]+/contract', '^src/features/[^/]+/registerPatterns\\.ts$'] },
    },
    {
      name: 'browser-never-loads-node',
      comment: 'browser code never imports node built-ins',
      severity: 'error',
      from: { path: BROWSER },
      to: { dependencyTypes: ['core'] },
    },
    ...tables,
    {
      name: 'kernel-tables-in-the-kernel',
      severity: 'error',
      from: { pathNot: ['^src/kernel/', '^src/app/', TESTS] },
      to: { path: '^src/kernel/db/tables\\.ts$' },
    },
    {
      name: 'provider-tables-in-providers',
      severity: 'error',
      from: { pathNot: ['^src/providers/', '^src/app/', TESTS] },
      to: { path: '^src/providers/[^/]+/tables\\.ts$' },
    },
    {
      name: 'manifests-only-in-the-app',
      comment: "only the composition root reads the features' manifests (manifest.ts, and shell.tsx and boot-part.ts for the browser)",
      severity: 'error',
      from: { pathNot: ['^src/app/'] },
      to: { path: '^src/features/[^/]+/(manifest\\.ts|shell\\.tsx|boot-part\\.ts)$' },
    },
    {
      name: 'nothing-imports-the-app',
      comment: 'the app composes the house; nothing below it imports it (pages, scripts and tests may); the shell renders the parts the app gathers',
      severity: 'error',
      from: { path: '^src/(kernel|providers|features|shell|ui)/', pathNot: TESTS },
      to: { path: '^src/app/', pathNot: '^src/app/(shell|boot)-parts\\.ts$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)node_modules/|\\.json$|\\.css$' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'], extensions: ['.ts', '.tsx', '.js', '.mjs', '.astro'] },
    extraExtensionsToScan: ['.astro'],
  },
};
