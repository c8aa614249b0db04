/**
 * Reading V8 CPU profiles of the API (bench/results/prof/*.cpuprofile): frames of the compiled
 * bundle (bench/out/api-…/server.js, apps/api/dist/server.js) mapped back to their TypeScript
 * source through the bundle's source map (node:module's SourceMap), and each frame given an area
 * (an npm package, a part of the app, node's internals). profile-summary.ts and flamegraph.ts use it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export type CallFrame = { functionName: string; url: string; lineNumber: number; columnNumber: number };
export type ProfileNode = { id: number; callFrame: CallFrame; children?: number[] };
export type Profile = {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
};

/** A frame as read back: where it really is (source file and line) and which area it belongs to. */
export type Frame = { name: string; file: string; line: number; area: string };

export function readProfile(file: string): Profile {
  return JSON.parse(readFileSync(file, 'utf8')) as Profile;
}

const maps = new Map<string, SourceMap | null>();
/** The API's compiled bundles: the bench's (bench/out/api-…) and production's (apps/api/dist). */
const OUR_BUNDLE = /\/(bench\/out\/api-[^/]+|apps\/api\/dist)\/[^/]+\.js$/;

function sourceMapOf(url: string): SourceMap | null {
  let map = maps.get(url);
  if (map !== undefined) return map;
  map = null;
  try {
    const file = url.startsWith('file://') ? fileURLToPath(url) : url;
    const mapFile = `${file}.map`;
    if (file.endsWith('.js') && existsSync(mapFile)) map = new SourceMap(JSON.parse(readFileSync(mapFile, 'utf8')));
  } catch {
    map = null;
  }
  maps.set(url, map);
  return map;
}

/** Which part of the stack a source file belongs to. */
export function areaOf(file: string, fn: string): string {
  if (fn === '(idle)' || fn === '(garbage collector)' || fn === '(program)' || fn === '(root)') return fn;
  const m = /node_modules\/((@[^/]+\/)?[^/]+)/.exec(file);
  if (m) return m[1];
  const app = /\/apps\/api\/src\/(.*)$/.exec(file);
  if (app) {
    const parts = app[1].split('/');
    return `app: ${parts.slice(0, parts[0] === 'modules' ? 2 : 1).join('/')}`;
  }
  if (file.includes('/packages/shared/')) return '@trayecto/shared';
  if (file.startsWith('node:') || file === '') return 'node internals';
  return file;
}

const frames = new Map<string, Frame>();

/** The source frame of a profile's call frame (through the bundle's source map when it has one). */
export function frameOf(cf: CallFrame): Frame {
  const key = `${cf.url}:${cf.lineNumber}:${cf.columnNumber}:${cf.functionName}`;
  let f = frames.get(key);
  if (f) return f;
  let file = cf.url;
  let line = cf.lineNumber + 1;
  let name = cf.functionName;
  // Only our bundles' maps: npm packages keep their own file (their maps point outside node_modules).
  const map = OUR_BUNDLE.test(cf.url) ? sourceMapOf(cf.url) : null;
  if (map && cf.lineNumber >= 0) {
    const e = map.findEntry(cf.lineNumber, cf.columnNumber) as {
      originalSource?: string;
      originalLine?: number;
      name?: string;
    };
    if (e?.originalSource) {
      const base = cf.url.startsWith('file://') ? path.dirname(fileURLToPath(cf.url)) : path.dirname(cf.url);
      file = e.originalSource.startsWith('file://')
        ? fileURLToPath(e.originalSource)
        : path.resolve(base, e.originalSource);
      line = (e.originalLine ?? 0) + 1;
      if (!name && e.name) name = e.name;
    }
  }
  file = file.startsWith('file://') ? fileURLToPath(file) : file;
  f = { name: name || '(anonymous)', file, line, area: areaOf(file, cf.functionName) };
  frames.set(key, f);
  return f;
}

/** A short label for a file: from the package or the app's folder on. */
export function shortFile(file: string): string {
  const nm = file.lastIndexOf('node_modules/');
  if (nm >= 0) return file.slice(nm + 'node_modules/'.length);
  const app = file.indexOf('/apps/api/src/');
  if (app >= 0) return file.slice(app + 1);
  const shared = file.indexOf('/packages/shared/');
  if (shared >= 0) return file.slice(shared + 1);
  return file;
}

/**
 * Self time (µs) per profile node id, without the profiler's own work (bench/cpu-profile.mjs: its
 * `session.post` of Profiler.stop, which builds the profile, is sampled too).
 */
export function selfTimes(prof: Profile): Map<number, number> {
  const profiler = new Set<number>();
  const mark = (id: number) => {
    profiler.add(id);
    const n = prof.nodes.find((x) => x.id === id);
    for (const c of n?.children ?? []) mark(c);
  };
  for (const n of prof.nodes) if (n.callFrame.url === 'node:inspector' && !profiler.has(n.id)) mark(n.id);
  const self = new Map<number, number>();
  prof.samples.forEach((id, i) => {
    if (profiler.has(id)) return;
    self.set(id, (self.get(id) ?? 0) + Math.max(0, prof.timeDeltas[i] ?? 0));
  });
  return self;
}
