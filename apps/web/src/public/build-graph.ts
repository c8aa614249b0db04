/**
 * The public pages' production build as a graph (for build-graph.test.ts; the app never imports
 * this file). Pure functions over Vite's `.vite/manifest.json`: what the entry loads at once (its
 * `imports`, followed), what it can load at all (`dynamicImports` too), and which of those chunks
 * carry a back-office library.
 */
import { brotliCompressSync, gzipSync } from 'node:zlib';

/** The fields of a Vite manifest entry this file reads (`ManifestChunk` in 'vite'). */
export type ManifestChunk = {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
};
export type Manifest = Record<string, ManifestChunk>;

/** How a chunk is reached from the entry: the manifest keys, the entry first. */
export type Reach = { key: string; dynamic: boolean; path: string[] };

/**
 * The chunks reachable from `entry`, breadth first: through `imports` only (`dynamic: false`, what
 * the page loads at once), or through a `dynamicImports` somewhere on the way (`dynamic: true`).
 * A chunk reachable both ways counts as static. `path` is a shortest way there.
 */
export function reachable(manifest: Manifest, entry: string, withDynamic = true): Map<string, Reach> {
  if (!manifest[entry]) throw new Error(`the manifest has no entry ${entry}`);
  const seen = new Map<string, Reach>();
  // Static first, so that a chunk both imported and dynamically imported is marked static.
  const queue: Reach[] = [{ key: entry, dynamic: false, path: [entry] }];
  const later: Reach[] = [];
  while (queue.length > 0 || later.length > 0) {
    const cur = (queue.length > 0 ? queue.shift() : later.shift()) as Reach;
    if (seen.has(cur.key)) continue;
    seen.set(cur.key, cur);
    const chunk = manifest[cur.key];
    if (!chunk) continue;
    for (const next of chunk.imports ?? []) {
      const reach = { key: next, dynamic: cur.dynamic, path: [...cur.path, next] };
      (cur.dynamic ? later : queue).push(reach);
    }
    if (!withDynamic) continue;
    for (const next of chunk.dynamicImports ?? []) later.push({ key: next, dynamic: true, path: [...cur.path, next] });
  }
  return seen;
}

/** What loading `entry` loads at once: the entry and its `imports`, followed (manifest keys). */
export function staticGraph(manifest: Manifest, entry: string): string[] {
  return [...reachable(manifest, entry, false).keys()];
}

/** Everything `entry` can load: `imports` and `dynamicImports`, followed (manifest keys). */
export function fullGraph(manifest: Manifest, entry: string): string[] {
  return [...reachable(manifest, entry, true).keys()];
}

/** A library the public pages must never load: by module id (when known) and by words in the code. */
export type Library = { name: string; moduleId: RegExp; marker: RegExp };

/**
 * The back-office's libraries (PRODUCT.md §7). The markers are words only these libraries' code
 * contains, minified: Mantine's class names (`mantine-…`), TanStack's `QueryClient`, React
 * Router's names, and zod's full build, which names its error class `"ZodError"` where zod/mini
 * (the public forms' checks, ADR 006) has only the core's `$ZodError` (bench/size.ts uses the same).
 */
export const BACK_OFFICE: Library[] = [
  { name: 'Mantine', moduleId: /node_modules[\\/]@mantine[\\/]/, marker: /mantine/i },
  {
    name: 'React Router',
    moduleId: /node_modules[\\/](?:react-router|react-router-dom|@remix-run[\\/]router)[\\/]/,
    marker: /createBrowserRouter|react-router/,
  },
  {
    name: 'TanStack Query',
    moduleId: /node_modules[\\/]@tanstack[\\/]/,
    marker: /QueryClient|@tanstack/,
  },
  {
    name: "zod's full build",
    moduleId: /node_modules[\\/]zod[\\/](?:index\.|v3[\\/]|v4[\\/]index\.|v4[\\/]classic[\\/])/,
    marker: /[`'"]ZodError[`'"]/,
  },
];
/** Any zod, zod/mini included: the landing loads none (zod/mini comes with the forms only). */
export const ANY_ZOD: Library = {
  name: 'zod (any, zod/mini too)',
  moduleId: /node_modules[\\/]zod[\\/]/,
  marker: /ZodError/,
};

export type Offence = {
  /** The chunk's file (`assets/…-hash.js`). */
  file: string;
  library: string;
  /** Loaded at once with the entry, or only through a dynamic import. */
  how: 'static' | 'dynamic';
  /** Found by a module id of the chunk, or by a word in its code. */
  by: 'module id' | 'content';
  /** The manifest keys from the entry to the chunk. */
  path: string[];
};

/**
 * The chunks reachable from `entry` that carry a back-office library (any way, dynamic imports
 * included), and the chunks of the entry's static graph that carry any zod at all.
 * `readChunk(file)` gives a chunk's code; `moduleIds(file)`, when the build reported them, the
 * modules rolled into it.
 */
export function offenders(
  manifest: Manifest,
  readChunk: (file: string) => string,
  options: { entry?: string; moduleIds?: (file: string) => string[] | undefined } = {},
): Offence[] {
  const entry = options.entry ?? 'public.html';
  const found: Offence[] = [];
  for (const reach of reachable(manifest, entry).values()) {
    const chunk = manifest[reach.key];
    if (!chunk || !/\.m?js$/.test(chunk.file)) continue;
    const code = readChunk(chunk.file);
    const ids = options.moduleIds?.(chunk.file) ?? [];
    const how = reach.dynamic ? 'dynamic' : 'static';
    const rules = reach.dynamic ? BACK_OFFICE : [...BACK_OFFICE, ANY_ZOD];
    for (const lib of rules) {
      const id = ids.find((m) => lib.moduleId.test(m));
      if (id) found.push({ file: chunk.file, library: lib.name, how, by: 'module id', path: reach.path });
      else if (lib.marker.test(code))
        found.push({ file: chunk.file, library: lib.name, how, by: 'content', path: reach.path });
    }
  }
  return found;
}

export function describeOffence(o: Offence): string {
  return `${o.file} (${o.how}, found by ${o.by}) carries ${o.library}: ${o.path.join(' → ')}`;
}

export type Size = { file: string; raw: number; gzip: number; brotli: number };

/** A file's size as it is, gzipped (level 6) and brotli-compressed (quality 11, Node's default). */
export function size(file: string, body: Buffer | string): Size {
  const buf = typeof body === 'string' ? Buffer.from(body) : body;
  return { file, raw: buf.length, gzip: gzipSync(buf).length, brotli: brotliCompressSync(buf).length };
}

export const total = (sizes: Size[]) => sizes.reduce((sum, s) => sum + s.brotli, 0);

/** The language chunks (`locale-xx-hash.js`, one per language, apps/web/vite.config.ts): manifest keys. */
export function localeChunks(manifest: Manifest): string[] {
  return Object.keys(manifest).filter((k) => /(?:^|\/)locale-[a-z]{2}-[^/]*\.js$/.test(manifest[k].file));
}

/**
 * The JavaScript files the landing downloads: the entry's static graph, plus the given language
 * chunk and what it imports at once.
 */
export function landingJs(manifest: Manifest, entry: string, locale?: string): string[] {
  const keys = new Set(staticGraph(manifest, entry));
  if (locale) for (const k of staticGraph(manifest, locale)) keys.add(k);
  return [...new Set([...keys].map((k) => manifest[k]?.file).filter((f): f is string => !!f && /\.m?js$/.test(f)))];
}

/** The CSS files the landing loads: the `css` of every chunk in the entry's static graph. */
export function landingCss(manifest: Manifest, entry: string): string[] {
  return [...new Set(staticGraph(manifest, entry).flatMap((k) => manifest[k]?.css ?? []))];
}

/**
 * The JavaScript files a lazily loaded page downloads when it is opened directly (the server
 * preloads them with its HTML): the entry's static graph, the page chunk's (`page`, its source as
 * the manifest names it), and the language chunk's.
 */
export function pageJs(manifest: Manifest, entry: string, page: string, locale?: string): string[] {
  const keys = new Set([...staticGraph(manifest, entry), ...staticGraph(manifest, page)]);
  if (locale) for (const k of staticGraph(manifest, locale)) keys.add(k);
  return [...new Set([...keys].map((k) => manifest[k]?.file).filter((f): f is string => !!f && /\.m?js$/.test(f)))];
}

/** The CSS files of such a page: the entry's and the page chunk's static graphs' (all inline in its HTML). */
export function pageCss(manifest: Manifest, entry: string, page: string): string[] {
  const keys = [...staticGraph(manifest, entry), ...staticGraph(manifest, page)];
  return [...new Set(keys.flatMap((k) => manifest[k]?.css ?? []))];
}

/** A table of sizes for the console, one line per file and a total. */
export function sizeTable(title: string, sizes: Size[]): string {
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`.padStart(9);
  const lines = sizes.map((s) => `  ${s.file.padEnd(44)} ${kb(s.raw)} ${kb(s.gzip)} ${kb(s.brotli)}`);
  const sum = (k: 'raw' | 'gzip' | 'brotli') => sizes.reduce((n, s) => n + s[k], 0);
  return [
    `${title}`,
    `  ${'file'.padEnd(44)} ${'raw'.padStart(9)} ${'gzip'.padStart(9)} ${'brotli'.padStart(9)}`,
    ...lines,
    `  ${'total'.padEnd(44)} ${kb(sum('raw'))} ${kb(sum('gzip'))} ${kb(sum('brotli'))}`,
  ].join('\n');
}
