import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { setViewerZone } from '../lib/time-zone';
import { setDictionary } from '../public/i18n';
import es from '../public/i18n/dict/es';

// The public pages' components read their texts from the active dictionary: Spanish in tests,
// unless a test sets another.
setDictionary('es', es);

// Lazy screens load slower on a busy 2-core CI machine than Testing Library's 1 s default.
configure({ asyncUtilTimeout: 5000 });

// happy-dom has no FontFaceSet, and Mantine's autosize Textarea listens to document.fonts.
if (!(document as { fonts?: unknown }).fonts) {
  Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true });
}

// Mantine's focus trap cannot see what happy-dom would lay out as visible and warns with the whole
// DOM node, thousands of lines per popover: keep the warning, without the node.
const warn = console.warn.bind(console);
console.warn = (...args: unknown[]) => {
  if (typeof args[0] === 'string' && args[0].startsWith('[@mantine/hooks/use-focus-trap]')) warn(args[0]);
  else warn(...args);
};

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
  // Files share their worker's modules (vitest.config.ts): no notification outlives its test.
  notifications.clean();
  // Nor the viewer's time zone a screen read from the signed-in user's operator (use-me.ts).
  setViewerZone(null);
});
