import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../config/theme';
import {
  keepClearBoxes,
  NOTIFICATIONS_OFFSET_VAR,
  NOTIFICATIONS_ROOT_CLASS,
  notificationsOffset,
  startNotificationsPlacement,
  type TBox,
  useNotificationsAbove,
} from './notify';

const box = (top: number, bottom: number, left = 0, right = 390): TBox => ({ top, bottom, left, right });
// A phone: 844 px high; the stack of one notification, 66 px high, across the screen (16 px margins).
const phone = (keepClear: TBox[], height = 66) =>
  notificationsOffset({ viewportHeight: 844, stack: { height, left: 16, right: 374 }, keepClear });

describe('where the notifications go (notificationsOffset)', () => {
  it('at the bottom when nothing is in the way (spec §9)', () => {
    expect(phone([])).toBe(0);
    expect(phone([box(100, 200)])).toBe(0);
    // Below the screen, or beside the stack (a desktop's form on the right): not in the way.
    expect(phone([box(900, 950)])).toBe(0);
    expect(
      notificationsOffset({
        viewportHeight: 800,
        stack: { height: 66, left: 420, right: 860 },
        keepClear: [box(700, 760, 900, 1260)],
      }),
    ).toBe(0);
  });

  it('"Cambiar contraseña" at the bottom of a phone: the stack goes just above it', () => {
    // The button's row 794–830: the stack's bottom 8 px above it, 828 − 786 = 42 px up.
    expect(phone([box(794, 830, 138, 357)])).toBe(42);
  });

  it('above the button and, when the focused field is just above it, above the field as well', () => {
    // Focused field 700–770 (label, input and its error), the button 794–830.
    expect(phone([box(794, 830), box(700, 770)])).toBe(828 - 692);
    // With room between them (field 500–560), the stack fits in the gap above the button.
    expect(phone([box(794, 830), box(500, 560)])).toBe(42);
  });

  it('a sticky save bar at the bottom: above it', () => {
    expect(
      notificationsOffset({
        viewportHeight: 800,
        stack: { height: 80, left: 420, right: 860 },
        keepClear: [box(720, 784, 260, 1260)],
      }),
    ).toBe(784 - 712);
  });

  it('nowhere clear on the screen (a field taller than it): stays at the bottom', () => {
    expect(phone([box(0, 844)])).toBe(0);
    expect(phone([box(794, 830), box(20, 770)])).toBe(0);
  });
});

describe('what the notifications keep clear of (keepClearBoxes)', () => {
  const rects = new Map<string, TBox>();
  const mockRects = () =>
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      const b = rects.get(this.dataset.box ?? '') ?? box(0, 0, 0, 0);
      return {
        ...b,
        width: b.right - b.left,
        height: b.bottom - b.top,
        x: b.left,
        y: b.top,
        toJSON: () => b,
      } as DOMRect;
    });
  afterEach(() => rects.clear());

  it("the focused field with its label and error, every submit button's row and every bar of actions", () => {
    rects.set('field', box(100, 170));
    rects.set('input', box(120, 150));
    rects.set('row', box(794, 830));
    rects.set('submit', box(794, 830, 200, 370));
    rects.set('bar', box(700, 760));
    rects.set('tall', box(300, 600));
    rects.set('lone', box(400, 436, 20, 200));
    mockRects();
    render(
      <>
        <div className="mantine-InputWrapper-root" data-box="field">
          <label htmlFor="pw">Contraseña actual</label>
          <input id="pw" data-box="input" />
        </div>
        <div data-box="row">
          <button type="button">Cancelar</button>
          <button type="submit" data-box="submit">
            Guardar
          </button>
        </div>
        <div data-box="tall">
          <button type="submit" data-box="lone">
            Entrar
          </button>
        </div>
        <div data-action-bar data-box="bar">
          <button type="button">Volver</button>
        </div>
        <button type="button">Sin caja</button>
      </>,
    );
    act(() => screen.getByLabelText('Contraseña actual').focus());
    const boxes = keepClearBoxes(document);
    expect(boxes).toEqual(
      expect.arrayContaining([box(100, 170), box(794, 830), box(400, 436, 20, 200), box(700, 760)]),
    );
    // The row of a button in a tall container is the button alone; nothing without a size counts.
    expect(boxes).toHaveLength(4);
  });

  it('inside an open dialog, only what the dialog holds; and the bars of useNotificationsAbove', () => {
    rects.set('page-submit', box(790, 830));
    rects.set('dialog-submit', box(500, 540));
    rects.set('custom', box(600, 650));
    mockRects();
    function CustomBar() {
      const ref = useRef<HTMLDivElement>(null);
      useNotificationsAbove(ref);
      return (
        <div ref={ref} data-box="custom">
          Total
        </div>
      );
    }
    const { unmount } = render(
      <>
        <div>
          <button type="submit" data-box="page-submit">
            Guardar producto
          </button>
        </div>
        <CustomBar />
      </>,
    );
    expect(keepClearBoxes(document)).toEqual(expect.arrayContaining([box(790, 830), box(600, 650)]));
    unmount();
    render(
      <>
        <div>
          <button type="submit" data-box="page-submit">
            Guardar producto
          </button>
        </div>
        <div role="dialog" aria-modal="true">
          <div>
            <button type="submit" data-box="dialog-submit">
              Registrar
            </button>
          </div>
        </div>
      </>,
    );
    expect(keepClearBoxes(document)).toEqual([box(500, 540)]);
  });
});

describe('the placement at work (startNotificationsPlacement)', () => {
  it('lifts a shown notification above the form actions, back to the bottom once it is gone', async () => {
    Object.defineProperty(window, 'innerHeight', { configurable: true, value: 844 });
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      const b = this.classList.contains(NOTIFICATIONS_ROOT_CLASS)
        ? box(762, 828, 16, 374)
        : this.matches('button[type="submit"]')
          ? box(794, 830, 138, 357)
          : box(0, 0, 0, 0);
      return {
        ...b,
        width: b.right - b.left,
        height: b.bottom - b.top,
        x: b.left,
        y: b.top,
        toJSON: () => b,
      } as DOMRect;
    });
    render(
      <MantineProvider theme={theme}>
        <Notifications position="bottom-center" classNames={{ root: NOTIFICATIONS_ROOT_CLASS }} />
        <form>
          <button type="submit">Cambiar contraseña</button>
        </form>
      </MantineProvider>,
    );
    const stop = startNotificationsPlacement(document);
    const offset = () => document.documentElement.style.getPropertyValue(NOTIFICATIONS_OFFSET_VAR);
    const frames = () =>
      act(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));
    await frames();
    expect(offset()).toBe('0px');
    act(() => {
      notifications.show({ id: 'refused', title: 'No se ha guardado', message: 'Revisa los campos marcados.' });
    });
    await screen.findByText('No se ha guardado');
    await frames();
    expect(offset()).toBe('42px');
    act(() => notifications.hide('refused'));
    await vi.waitFor(() => expect(screen.queryByText('No se ha guardado')).toBeNull());
    await frames();
    expect(offset()).toBe('0px');
    stop();
    expect(offset()).toBe('');
  });

  it("a tap's made-up mouse events never pause a notification: only a real mouse does", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    /** Lets `ms` go by, half a second at a time (each step's timers and renders done). */
    const wait = async (ms: number) => {
      for (let t = 0; t < ms; t += 500) {
        await act(async () => {
          vi.advanceTimersByTime(500);
        });
      }
    };
    try {
      render(
        <MantineProvider theme={theme}>
          <Notifications position="bottom-center" autoClose={5000} classNames={{ root: NOTIFICATIONS_ROOT_CLASS }} />
        </MantineProvider>,
      );
      const stop = startNotificationsPlacement(document);
      act(() => {
        notifications.show({ id: 'tap', title: 'No se ha guardado', message: 'Revisa los campos marcados.' });
      });
      const note = () => screen.queryByText('No se ha guardado');
      expect(note()).not.toBeNull();
      // A tap on it: pointer events of a touch, then the mouse events the browser makes up.
      const target = note() as HTMLElement;
      fireEvent.pointerOver(target, { pointerType: 'touch' });
      fireEvent.pointerDown(target, { pointerType: 'touch' });
      fireEvent.mouseOver(target);
      await wait(5500);
      expect(note()).toBeNull();

      // A real mouse over it pauses it (WCAG 2.2.1), until it leaves.
      act(() => {
        notifications.show({ id: 'mouse', title: 'Guardado', message: 'Listo.' });
      });
      const saved = screen.getByText('Guardado');
      fireEvent.pointerOver(saved, { pointerType: 'mouse' });
      fireEvent.mouseOver(saved);
      await wait(8000);
      expect(screen.queryByText('Guardado')).not.toBeNull();
      fireEvent.mouseOut(saved);
      await wait(5500);
      expect(screen.queryByText('Guardado')).toBeNull();
      stop();
    } finally {
      vi.useRealTimers();
    }
  });
});
