import { useEffect } from 'react';

/** document.title of a public page once its data is known ("{name} · {operator}"). */
export function usePageTitle(title: string | null) {
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
}

/** The page's <meta name="description"> (shared links and search engines read it). */
export function setMetaDescription(text: string) {
  let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'description';
    document.head.appendChild(meta);
  }
  meta.content = text.slice(0, 300);
}
