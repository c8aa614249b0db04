/**
 * Imported first by the back-office entry point (main.tsx; the public bundle runs no zod): zod 4 compiles object parsers
 * with `new Function` and probes for it when it builds a schema; under our CSP (`script-src 'self'`,
 * no 'unsafe-eval') that probe is refused and reported as a `securitypolicyviolation`. Jitless mode
 * skips both. Set on zod's global config object (zod reads `globalThis.__zod_globalConfig`), not
 * through `z.config`, because the shared schemas load in zod's own chunk and are built as soon as
 * it evaluates, before any code of ours could call into it (docs/security.md).
 */
const g = globalThis as { __zod_globalConfig?: Record<string, unknown> };
g.__zod_globalConfig = Object.assign(g.__zod_globalConfig ?? {}, { jitless: true });

export {};
