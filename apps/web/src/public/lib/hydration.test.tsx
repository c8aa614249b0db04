/**
 * Taking a server-rendered page over in steps (lib/hydration.tsx; issue 35, goal 6): what `Static`
 * keeps is never rendered again in the browser, what `Later` wraps is taken over in its own task
 * after the rest (or at once on the first input), and either way the page's DOM is the server's.
 * On Preact, as the pages run (vitest.public.config.ts).
 */
import { act } from '@testing-library/react';
import { useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { hydratePage, Later, nextTask, Static, takenOver } from './hydration';

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

/** Which parts rendered, in order (a part renders when the browser takes it over). */
let rendered: string[] = [];

function Part({ name, children }: { name: string; children?: React.ReactNode }) {
  rendered.push(name);
  return <span className="part">{children ?? name}</span>;
}

function Counter({ name }: { name: string }) {
  const [n, setN] = useState(0);
  rendered.push(name);
  return (
    <button type="button" onClick={() => setN(n + 1)}>
      {name} {n}
    </button>
  );
}

function Page({ label = 'server' }: { label?: string }) {
  return (
    <main>
      <h1>{label}</h1>
      <Counter name="top" />
      <Static as="section" className="static" aria-label="kept">
        <Part name="static">{label}</Part>
      </Static>
      <Later as="section" className="later-1">
        <Counter name="later-1" />
      </Later>
      <Later as="div" className="later-2">
        <Part name="later-2" />
        <Counter name="later-2-button" />
      </Later>
      <p>end</p>
    </main>
  );
}

/** The server's HTML of `page` in a root element of the document, as the server sends it. */
function serve(page: React.ReactElement): HTMLElement {
  const html = renderToString(page);
  document.body.innerHTML = `<div id="root">${html}</div>`;
  rendered = [];
  return document.getElementById('root') as HTMLElement;
}

/** {@link serve}, then the page hydrated on it and its takeover run to its end (what `before` sees: the server's HTML). */
async function servedAndHydrated(page: React.ReactElement, before?: (served: HTMLElement) => void) {
  const container = serve(page);
  before?.(container);
  act(() => {
    root = hydratePage(container, page);
  });
  await act(() => takenOver());
  return container;
}

const button = (name: string) =>
  [...document.querySelectorAll('button')].find((b) => b.textContent?.startsWith(`${name} `)) as HTMLButtonElement;

describe('Static and Later', () => {
  it('render as their one element on the server and in a fresh render, with their content', () => {
    const server = document.createElement('div');
    server.innerHTML = renderToString(<Page />);
    expect(server.querySelector('section.static[aria-label="kept"]')?.innerHTML).toBe(
      '<span class="part">server</span>',
    );
    expect(server.querySelector('section.later-1')?.textContent).toBe('later-1 0');
    expect(server.querySelector('div.later-2')?.children).toHaveLength(2);
    const box = document.createElement('div');
    document.body.append(box);
    root = createRoot(box);
    act(() => root?.render(<Page label="fresh" />));
    expect(box.querySelector('.static')?.textContent).toBe('fresh');
    expect(box.querySelector('.later-2')?.textContent).toBe('later-2later-2-button 0');
  });

  it('the takeover keeps the server DOM, never renders the Static content, and takes the Later parts over one task each', async () => {
    const container = serve(<Page />);
    const before = container.innerHTML;
    act(() => {
      root = hydratePage(container, <Page />);
    });
    // The first task: the page but its Later parts; the Static content is never rendered.
    expect(rendered).toEqual(['top']);
    expect(container.innerHTML).toBe(before);
    // A Later part not taken over yet has no handler: a click does nothing.
    act(() => button('later-1').click());
    expect(button('later-1').textContent).toBe('later-1 0');

    await act(() => nextTask());
    expect(rendered).toEqual(['top', 'later-1']);
    await act(() => takenOver());
    expect(rendered).toEqual(['top', 'later-1', 'later-2', 'later-2-button']);
    expect(container.innerHTML).toBe(before);

    // Taken over, every part works; the Static content stays as the server wrote it.
    act(() => button('later-1').click());
    act(() => button('later-2-button').click());
    act(() => button('top').click());
    expect(button('later-1').textContent).toBe('later-1 1');
    expect(button('later-2-button').textContent).toBe('later-2-button 1');
    expect(button('top').textContent).toBe('top 1');
    expect(rendered).not.toContain('static');
    expect(container.querySelector('.static')?.innerHTML).toBe('<span class="part">server</span>');
  });

  it('the first input takes every part left over at once, before its own events reach them', async () => {
    const container = serve(<Page />);
    act(() => {
      root = hydratePage(container, <Page />);
    });
    expect(rendered).toEqual(['top']);
    // A finger on the screen (the click follows it, as a browser sends them).
    await act(async () => {
      document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
      await Promise.resolve();
    });
    expect(rendered).toEqual(['top', 'later-1', 'later-2', 'later-2-button']);
    act(() => button('later-2-button').click());
    expect(button('later-2-button').textContent).toBe('later-2-button 1');
    await act(() => takenOver());
  });

  it('a part taken over after the page changed is taken over as the server wrote it, then updated', async () => {
    function Outer() {
      const [label, setLabel] = useState('server');
      return (
        <>
          <button type="button" onClick={() => setLabel('changed')}>
            change {label}
          </button>
          <Later as="p" className="echo" data-label={label}>
            <Part name="echo">{label}</Part>
          </Later>
        </>
      );
    }
    const container = serve(<Outer />);
    act(() => {
      root = hydratePage(container, <Outer />);
    });
    act(() => button('change').click());
    const echo = container.querySelector('.echo') as HTMLElement;
    expect(echo.dataset.label).toBe('server');
    await act(() => takenOver());
    // The same element, its text and its attribute now the page's (Preact keeps the server's
    // attributes when it takes an element over: the part is updated after, not taken over changed).
    expect(container.querySelector('.echo')).toBe(echo);
    expect(echo.textContent).toBe('changed');
    expect(echo.dataset.label).toBe('changed');
  });

  it('a part left for the first input stays the server DOM after the takeover, until the first input', async () => {
    function Form() {
      return (
        <main>
          <Counter name="top" />
          <Later as="div" className="on-input" firstInput>
            <Counter name="on-input" />
          </Later>
          <Later as="div" className="timed">
            <Part name="timed" />
          </Later>
        </main>
      );
    }
    let before = '';
    const container = await servedAndHydrated(<Form />, (served) => {
      before = served.innerHTML;
    });
    // The timed part is taken over; the one left for the first input is not rendered, nor working.
    expect(rendered).toEqual(['top', 'timed']);
    expect(container.innerHTML).toBe(before);
    act(() => button('on-input').click());
    expect(button('on-input').textContent).toBe('on-input 0');

    await act(async () => {
      button('on-input').dispatchEvent(new Event('focusin', { bubbles: true }));
      await Promise.resolve();
    });
    expect(rendered).toEqual(['top', 'timed', 'on-input']);
    act(() => button('on-input').click());
    expect(button('on-input').textContent).toBe('on-input 1');
    expect(container.querySelector('.on-input')?.childElementCount).toBe(1);
  });

  it('the first input takes over the part it lands in at once, the other parts left for it one per task after', async () => {
    function Form() {
      return (
        <main>
          <Later as="div" className="calendar" firstInput>
            <Counter name="calendar" />
          </Later>
          <Later as="div" className="contact" firstInput>
            <Counter name="contact" />
          </Later>
          <Later as="div" className="notes" firstInput>
            <Part name="notes" />
          </Later>
        </main>
      );
    }
    const container = await servedAndHydrated(<Form />);
    expect(rendered).toEqual([]);
    // A tap on the second part: that one now, before its click…
    await act(async () => {
      button('contact').dispatchEvent(new Event('pointerdown', { bubbles: true }));
      await Promise.resolve();
    });
    expect(rendered).toEqual(['contact']);
    act(() => button('contact').click());
    expect(button('contact').textContent).toBe('contact 1');
    // …the others in tasks of their own, in document order.
    await act(() => nextTask());
    expect(rendered).toEqual(['contact', 'contact', 'calendar']);
    await act(() => nextTask());
    expect(rendered).toEqual(['contact', 'contact', 'calendar', 'notes']);
    expect(container.querySelectorAll('[data-later]')).toHaveLength(3);
  });

  it('an input outside every part left for it takes them over one per task; a second input, all that is left', async () => {
    function Form() {
      return (
        <main>
          <Later as="div" className="a" firstInput>
            <Part name="a" />
          </Later>
          <Later as="div" className="b" firstInput>
            <Part name="b" />
          </Later>
          <Later as="div" className="c" firstInput>
            <Part name="c" />
          </Later>
        </main>
      );
    }
    const container = await servedAndHydrated(<Form />);
    await act(async () => {
      document.body.dispatchEvent(new Event('keydown', { bubbles: true }));
      await Promise.resolve();
    });
    expect(rendered).toEqual([]);
    await act(() => nextTask());
    expect(rendered).toEqual(['a']);
    await act(async () => {
      document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
      await Promise.resolve();
    });
    expect(rendered).toEqual(['a', 'b', 'c']);
    expect(container.querySelector('.c')?.textContent).toBe('c');
  });

  it('a part left for the first input is taken over at once when what it watches changes, then updated', async () => {
    function Outer() {
      const [label, setLabel] = useState('server');
      return (
        <>
          <button type="button" onClick={() => setLabel('changed')}>
            change {label}
          </button>
          <Later as="p" className="watched" data-label={label} firstInput watch={[label]}>
            <Part name="watched">{label}</Part>
          </Later>
          <Later as="p" className="unwatched" firstInput>
            <Part name="unwatched" />
          </Later>
        </>
      );
    }
    const container = serve(<Outer />);
    act(() => {
      root = hydratePage(container, <Outer />);
    });
    await act(() => takenOver());
    expect(rendered).toEqual([]);
    // A click without the pointer's events before it (a script's, or a test's): no input seen.
    act(() => button('change').click());
    await act(() => nextTask());
    const watched = container.querySelector('.watched') as HTMLElement;
    expect(rendered).toContain('watched');
    expect(rendered).not.toContain('unwatched');
    expect(watched.textContent).toBe('changed');
    expect(watched.dataset.label).toBe('changed');
  });

  it('a Static part with `watch` keeps the server content until a watched value changes, then renders its own', async () => {
    function Timer() {
      const [now, setNow] = useState<number | null>(null);
      return (
        <>
          <button type="button" onClick={() => setNow(1)}>
            start {now ?? '-'}
          </button>
          <Static as="span" className="timer" watch={[now]}>
            <Part name="timer">{now === null ? 'until 10:15' : `left ${now}`}</Part>
          </Static>
        </>
      );
    }
    const container = serve(<Timer />);
    act(() => {
      root = hydratePage(container, <Timer />);
    });
    await act(() => takenOver());
    expect(rendered).not.toContain('timer');
    expect(container.querySelector('.timer')?.textContent).toBe('until 10:15');
    act(() => button('start').click());
    expect(rendered).toContain('timer');
    expect(container.querySelector('.timer')?.innerHTML).toBe('<span class="part">left 1</span>');
  });

  it('a part for the first input inside a timed part: left until the input, or taken over with the input that took its parent', async () => {
    function Step() {
      return (
        <main>
          <Later as="section" className="step">
            <Part name="step" />
            <Later as="div" className="inner" firstInput>
              <Counter name="inner" />
            </Later>
          </Later>
        </main>
      );
    }
    // Its parent taken over in its task: the inner part waits for the first input.
    let container = serve(<Step />);
    act(() => {
      root = hydratePage(container, <Step />);
    });
    await act(() => nextTask());
    await act(() => takenOver());
    expect(rendered).toEqual(['step']);
    await act(async () => {
      button('inner').dispatchEvent(new Event('pointerdown', { bubbles: true }));
      await Promise.resolve();
    });
    expect(rendered).toEqual(['step', 'inner']);
    act(() => root?.unmount());

    // The first input comes before the parent's task: it takes the parent over, and the inner part
    // (which only exists from then on) with it, so the tap that follows works.
    container = serve(<Step />);
    act(() => {
      root = hydratePage(container, <Step />);
    });
    await act(async () => {
      document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
      await Promise.resolve();
    });
    expect(rendered).toEqual(['step', 'inner']);
    act(() => button('inner').click());
    expect(button('inner').textContent).toBe('inner 1');
    await act(() => takenOver());
  });
});
