/**
 * Where a public page is being rendered (issue 23): in the browser, or on the server for the
 * first HTML (server-entry.tsx). What a component reads at render time from the page's address or
 * its embedded data comes from here, so the same components render in both places.
 */
import type { TPublicPageData } from '@trayecto/shared/public-http';
import { PUBLIC_DATA_ELEMENT_ID } from '@trayecto/shared/public-http';

export type TServerRequest = {
  /** The page's path (`/public/landing/…`). */
  path: string;
  /** The query, with its `?` (`?lang=de`), or ''. */
  search: string;
  /** The origin the browser sees (`https://reservas.example.com`). */
  origin: string;
  data: TPublicPageData;
};

let server: TServerRequest | null = null;

/** Renders `render()` as the server's answer to `request` (synchronous: one request at a time). */
export function renderingOnServer<T>(request: TServerRequest, render: () => T): T {
  server = request;
  try {
    return render();
  } finally {
    server = null;
  }
}

export const isServer = () => server !== null;
export const currentPath = () => (server ? server.path : window.location.pathname);
export const currentSearch = () => (server ? server.search : window.location.search);
export const currentOrigin = () => (server ? server.origin : window.location.origin);

const here = () => currentPath() + currentSearch();

/** The data block last read, and the address it was first read at. */
let parsed: { text: string; data: TPublicPageData | Record<string, unknown> | null; at: string } | null = null;

/**
 * The data the server embedded in the page (`<script type="application/json" id="trayecto-data">`):
 * on the landing the product itself, elsewhere a `TPublicPageData`. Null when there is none.
 */
export function embeddedData(): TPublicPageData | Record<string, unknown> | null {
  if (server) return server.data;
  const el = typeof document !== 'undefined' ? document.getElementById(PUBLIC_DATA_ELEMENT_ID) : null;
  const text = el?.textContent ?? '';
  if (!text) return null;
  if (parsed?.text === text) return parsed.data;
  let data: TPublicPageData | Record<string, unknown> | null = null;
  try {
    const raw = JSON.parse(text) as unknown;
    data = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : null;
  } catch {
    data = null;
  }
  parsed = { text, data, at: here() };
  return data;
}

/**
 * Whether the page shown is the one the server answered and embedded its data for (not one reached
 * later in the visit), for data that names no id to check against (the statement's operator).
 * That page is where the data was first read: every page with data reads it in its first render.
 */
export function onLoadedPage(): boolean {
  if (server) return true;
  return embeddedData() !== null && parsed?.at === here();
}
