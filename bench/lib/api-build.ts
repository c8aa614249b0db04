/**
 * The compiled API the benchmarks run: what `npm start` serves (`node apps/api/dist/server.js`,
 * NODE_ENV=production), not the TypeScript source under tsx. Built with esbuild and the options of
 * apps/api/build.mjs, but into a folder of its own under bench/out/ (git-ignored), so that a bench
 * never writes apps/api/dist while someone else builds it, and two benches never share a half
 * written folder (each build goes to a temporary folder, renamed into place when complete).
 *
 * - the working tree: `bench/out/api-<hash of the sources>/server.js`, rebuilt only when a source
 *   file of the API or of @trayecto/shared changed (the hash is of their contents);
 * - a commit (`ref`): its apps/api and packages/shared extracted with `git archive` into
 *   bench/out/src-<sha>/ (optionally with some files of the working tree laid over them) and
 *   compiled into `bench/out/api-<sha>[-<overlay>]/`: the "before" of a comparison in one run
 *   (BENCH_API_BEFORE in run.ts), or one person's changes alone on their base commit.
 *   npm packages come from this checkout's node_modules.
 *
 * The bundle finds the repository root by walking up (config/env.ts), so from bench/out/api-… it
 * reads the migrations and `.env` of this checkout, as apps/api/dist does. Its npm packages resolve
 * as from apps/api/dist too: bench/out/node_modules is a link to apps/api/node_modules (the API's
 * own versions where they differ from the root's, nodemailer for one), then the root's.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const OUT = path.join(REPO, 'bench/out');

/** Every file under `dir` (sorted), skipping tests: what the bundle is made of. */
function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) {
        if (e.name !== 'node_modules') walk(p);
      } else if (!/\.test\.tsx?$/.test(e.name)) out.push(p);
    }
  };
  walk(dir);
  return out;
}

function hashOf(files: string[]): string {
  const h = createHash('sha256');
  for (const f of files) {
    h.update(path.relative(REPO, f));
    h.update('\0');
    h.update(readFileSync(f));
    h.update('\0');
  }
  return h.digest('hex').slice(0, 16);
}

async function compile(srcRoot: string, outDir: string) {
  const { build } = await import('esbuild');
  const apiDir = path.join(srcRoot, 'apps/api');
  const pkg = JSON.parse(readFileSync(path.join(REPO, 'apps/api/package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
  };
  const external = Object.keys(pkg.dependencies ?? {}).filter((n) => !n.startsWith('@trayecto/'));
  const tmp = `${outDir}.tmp-${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  // The options of apps/api/build.mjs (server entry only), into our own folder.
  await build({
    absWorkingDir: apiDir,
    entryPoints: { server: 'src/server.ts' },
    outdir: tmp,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node24',
    sourcemap: true,
    external: external.flatMap((n) => [n, `${n}/*`]),
    logLevel: 'warning',
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
  });
  rmSync(outDir, { recursive: true, force: true });
  try {
    renameSync(tmp, outDir);
  } catch (err) {
    // Another bench finished the same build first: theirs is as good as ours.
    rmSync(tmp, { recursive: true, force: true });
    if (!existsSync(path.join(outDir, 'server.js'))) throw err;
  }
}

/** Makes bench/out/node_modules: the API's own packages first, as from apps/api/dist. */
function linkModules() {
  const modules = path.join(OUT, 'node_modules');
  if (existsSync(modules)) return;
  try {
    if (lstatSync(modules, { throwIfNoEntry: false })) rmSync(modules, { force: true });
    symlinkSync(path.join(REPO, 'apps/api/node_modules'), modules, 'dir');
  } catch (err) {
    // Another bench made it meanwhile.
    if (!existsSync(modules)) throw err;
  }
}

export type ApiSource = {
  /** A commit (any git ref) to build instead of the working tree. */
  ref?: string;
  /**
   * With `ref`: paths (files or folders, from the repository root) copied from the working tree
   * over that commit's sources. In a tree several people edit at once, "the base commit plus my
   * files" is a build that holds only one's own changes.
   */
  overlay?: string[];
};

/**
 * The compiled server of the working tree (built if missing or stale), or of commit `ref` (with the
 * working tree's `overlay` paths over it). Returns the path of its `server.js`.
 */
export async function compiledApi({ ref, overlay = [] }: ApiSource = {}): Promise<string> {
  mkdirSync(OUT, { recursive: true });
  linkModules();
  if (!ref) {
    const files = [
      ...sourceFiles(path.join(REPO, 'apps/api/src')),
      ...sourceFiles(path.join(REPO, 'packages/shared/src')),
      path.join(REPO, 'apps/api/package.json'),
    ];
    const dir = path.join(OUT, `api-${hashOf(files)}`);
    if (!existsSync(path.join(dir, 'server.js'))) {
      const t = performance.now();
      await compile(REPO, dir);
      console.log(`  API compilada en ${path.relative(REPO, dir)} (${Math.round(performance.now() - t)} ms)`);
    }
    return path.join(dir, 'server.js');
  }
  const { name, src } = sourceTree({ ref, overlay });
  const dir = path.join(OUT, `api-${name}`);
  if (!existsSync(path.join(dir, 'server.js'))) {
    const t = performance.now();
    await compile(src, dir);
    console.log(
      `  API de ${ref}${overlay.length ? ` + ${overlay.join(', ')}` : ''} compilada en ${path.relative(REPO, dir)} (${Math.round(performance.now() - t)} ms)`,
    );
  }
  return path.join(dir, 'server.js');
}

/**
 * The sources of commit `ref` (apps/api, packages/shared) with the working tree's `overlay` paths
 * over them, in bench/out/src-<sha>[-<overlay hash>]/ (made once): what compiledApi builds, and
 * what bench/overhead.ts imports with OVERHEAD_REF.
 */
export function sourceTree({ ref, overlay = [] }: ApiSource & { ref: string }): { name: string; src: string } {
  mkdirSync(OUT, { recursive: true });
  linkModules();
  const sha = execFileSync('git', ['rev-parse', '--verify', `${ref}^{commit}`], { cwd: REPO, encoding: 'utf8' }).trim();
  const overlayFiles = overlay.flatMap((p) => {
    const abs = path.resolve(REPO, p);
    return statSync(abs).isDirectory() ? sourceFiles(abs) : [abs];
  });
  const name = `${sha.slice(0, 12)}${overlayFiles.length ? `-${hashOf(overlayFiles).slice(0, 8)}` : ''}`;
  const src = path.join(OUT, `src-${name}`);
  if (existsSync(path.join(src, '.complete'))) return { name, src };
  const tmp = `${src}.tmp-${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  const tar = execFileSync(
    'git',
    [
      'archive',
      sha,
      '--',
      'apps/api/src',
      'apps/api/package.json',
      'packages/shared/src',
      'packages/shared/package.json',
      // No test files outside their folders (nothing would run them; no runner should find them).
      ':(exclude,glob)**/*.test.ts',
    ],
    { cwd: REPO, maxBuffer: 512 * 1024 * 1024 },
  );
  execFileSync('tar', ['-x', '-C', tmp], { input: tar });
  for (const f of overlayFiles) cpSync(f, path.join(tmp, path.relative(REPO, f)));
  // That commit's @trayecto/shared, found before this checkout's (node_modules/@trayecto/shared).
  mkdirSync(path.join(tmp, 'node_modules/@trayecto'), { recursive: true });
  symlinkSync('../../packages/shared', path.join(tmp, 'node_modules/@trayecto/shared'), 'dir');
  writeFileSync(path.join(tmp, '.complete'), `${ref}\n${overlay.join('\n')}\n`);
  rmSync(src, { recursive: true, force: true });
  renameSync(tmp, src);
  return { name, src };
}

/** Removes the compiled APIs older than the newest `keep` (they pile up). */
export function pruneCompiledApis(keep = 12) {
  if (!existsSync(OUT)) return;
  const builds = readdirSync(OUT)
    .filter((n) => /^(api|src)-[0-9a-f-]+$/.test(n))
    .map((n) => ({ n, t: statSync(path.join(OUT, n)).mtimeMs }))
    .sort((a, b) => b.t - a.t);
  for (const { n } of builds.slice(keep)) rmSync(path.join(OUT, n), { recursive: true, force: true });
}
