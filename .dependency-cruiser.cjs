/**
 * The layers of the code and the directions they point (STYLE.md rules 10-11, issue 31 item 4),
 * checked by dependency-cruiser in `npm run check:architecture` (scripts/check-architecture.ts, which
 * also refuses a cycle between the API's modules or between the web's features) and in CI.
 *
 * Parsed with swc: dependency-cruiser does not read TypeScript 7's compiler yet. Type-only imports
 * count (`tsPreCompilationDeps`): a cycle of types is still a cycle a reader has to untangle.
 */
/** Tests may build their world with whatever they test (they are not part of the layers). */
const TESTS = '[.]test[.]tsx?$|test-helpers[.]ts$|test-fixtures[.]ts$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No import cycle between files.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'lower-layers-know-no-module',
      severity: 'error',
      comment:
        'lib/, db/ and config/ are below the modules: they never import one (the demo seed and job registration sit above them).',
      from: { path: '^apps/api/src/(lib|db|config)/', pathNot: TESTS },
      to: { path: '^apps/api/src/(modules|seed)/' },
    },
    {
      name: 'plugins-know-no-module',
      severity: 'error',
      comment: 'Fastify plugins are wired by app.ts with what they need from a module; they import none.',
      from: { path: '^apps/api/src/plugins/', pathNot: TESTS },
      to: { path: '^apps/api/src/(modules|seed)/' },
    },
    {
      name: 'nothing-imports-the-composition-root',
      severity: 'error',
      comment:
        'app.ts, server.ts, cluster.ts, background.ts and the demo seed compose the modules; nothing below imports them.',
      from: { path: '^apps/api/src/(lib|db|config|plugins|modules)/', pathNot: TESTS },
      to: { path: '^apps/api/src/(app|server|cluster|background)[.]ts$|^apps/api/src/seed/' },
    },
    {
      name: 'no-other-modules-repository',
      severity: 'error',
      comment:
        "A module changes and reads another module's rows through that module's service, never its repository (STYLE.md rule 10).",
      from: { path: '^apps/api/src/modules/([^/]+)/', pathNot: TESTS },
      to: { path: '^apps/api/src/modules/[^/]+/.+[.]repository[.]ts$', pathNot: '^apps/api/src/modules/$1/' },
    },
    {
      name: 'seed-changes-bookings-through-the-service',
      severity: 'error',
      comment:
        'The demo seed sells, pays, cancels and boards like everyone else: through the bookings service, never its internals (issue 31).',
      from: { path: '^apps/api/src/seed/', pathNot: TESTS },
      to: {
        path: '^apps/api/src/modules/bookings/',
        pathNot: '^apps/api/src/modules/bookings/bookings[.]service[.]ts$',
      },
    },
    {
      name: 'shared-knows-no-app',
      severity: 'error',
      comment: 'packages/shared holds contracts and constants for both apps; it imports neither.',
      from: { path: '^packages/shared/' },
      to: { path: '^apps/' },
    },
    {
      name: 'api-and-web-apart',
      severity: 'error',
      comment: 'The API and the web app share only packages/shared.',
      from: { path: '^apps/(api|web)/' },
      to: { path: '^apps/', pathNot: '^apps/$1/' },
    },
  ],
  options: {
    parser: 'swc',
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    // The workspace package `@trayecto/shared` resolves to its TypeScript sources.
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
      conditionNames: ['import', 'require', 'node', 'default'],
      mainFields: ['module', 'main', 'types'],
    },
  },
};
