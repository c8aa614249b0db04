import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
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

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});
