import { MantineProvider, NumberInput, Textarea } from '@mantine/core';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { theme } from '../config/theme';
import { EURO_INPUT } from './euro-input';

/**
 * A busy machine, as the e2e on CI: the browser handles the keys before the timers they queued
 * (fake timers that run only when told). An amount and a reason, as «Rectificar» asks them.
 */
function AmountAndReason() {
  const [amount, setAmount] = useState<number | string>(107);
  const [reason, setReason] = useState('');
  return (
    <form>
      <NumberInput {...EURO_INPUT} label="Importe" value={amount} onChange={setAmount} />
      <Textarea label="Motivo" value={reason} onChange={(e) => setReason(e.currentTarget.value)} />
    </form>
  );
}

/** A key pressed in the focused field as a browser does: keydown, then (unless prevented) the edit. */
function press(key: string) {
  const field = document.activeElement as HTMLInputElement | HTMLTextAreaElement;
  const allowed = fireEvent.keyDown(field, { key });
  if (allowed && key.length === 1) {
    const start = field.selectionStart ?? field.value.length;
    const end = field.selectionEnd ?? start;
    const next = field.value.slice(0, start) + key + field.value.slice(end);
    // The prototype's setter, as the browser's own edit (React's value tracker sees the change).
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, next);
    field.setSelectionRange(start + 1, start + 1);
    fireEvent.input(field);
  }
  fireEvent.keyUp(field, { key });
}

const type = (text: string) => {
  for (const key of text) press(key);
};

/**
 * A busy machine, as CI under load: the browser handles the keys before the timers they queued.
 * Every `setTimeout(…, 0)` waits here until the test lets the first (`next`) or all (`late`) run;
 * `clearTimeout` of a waiting one drops it. (Vitest's fake timers run all those due at once.)
 */
function holdTimers() {
  const waiting = new Map<number, () => void>();
  let lastId = 1e9;
  const realSet = globalThis.setTimeout;
  const realClear = globalThis.clearTimeout;
  vi.spyOn(globalThis, 'setTimeout').mockImplementation(((fn: () => void, ms?: number) => {
    if (ms) return realSet(fn, ms);
    lastId += 1;
    waiting.set(lastId, fn);
    return lastId;
  }) as typeof setTimeout);
  vi.spyOn(globalThis, 'clearTimeout').mockImplementation(((id?: number) => {
    if (typeof id === 'number' && waiting.delete(id)) return;
    realClear(id);
  }) as typeof clearTimeout);
  const runFirst = () => {
    const [id, fn] = waiting.entries().next().value ?? [];
    if (id === undefined || !fn) return false;
    waiting.delete(id);
    act(fn);
    return true;
  };
  return {
    next: runFirst,
    late: () => {
      for (let i = 0; i < 100 && runFirst(); i++);
    },
  };
}

describe('NumberInput with the app theme on a busy machine (keys handled before timers)', () => {
  function start() {
    const timers = holdTimers();
    render(
      <MantineProvider theme={theme}>
        <AmountAndReason />
      </MantineProvider>,
    );
    const amount = screen.getByRole('textbox', { name: 'Importe' }) as HTMLInputElement;
    const reason = screen.getByRole('textbox', { name: 'Motivo' }) as HTMLTextAreaElement;
    act(() => amount.focus());
    timers.late();
    amount.setSelectionRange(0, amount.value.length);
    return { amount, reason, timers };
  }

  it('the amount’s late caret timers never take the focus back from the next field', () => {
    const { amount, reason, timers } = start();
    type('1,00');
    expect(amount).toHaveValue('1,00 €');
    act(() => reason.focus()); // Tab
    type('Devo');
    timers.late();
    // Before: react-number-format's older timers called focus() on «Importe» (caret after "1,0"):
    // the rest of the reason went there (CI: «Motivo» "Devo", «Importe» 1,02 €).
    expect(reason).toHaveFocus();
    type('lución 2');
    expect(reason).toHaveValue('Devolución 2');
    expect(amount).toHaveValue('1,00 €');
  });

  it('inside the amount, a late timer does not put the caret back where an earlier key left it', () => {
    const { amount, timers } = start();
    type('1,');
    // The first key's timer fires between two later keys (the browser interleaves them under load).
    timers.next();
    type('0');
    timers.next();
    type('5');
    timers.late();
    // Before: the caret went back after "1" and the decimals were typed there: "105,00 €".
    expect(amount).toHaveValue('1,05 €');
    expect(amount.selectionStart).toBe(4);
  });

  it('with no delay it still formats as it goes, the caret after what was typed', () => {
    const { amount, timers } = start();
    type('1234,5');
    timers.late();
    expect(amount).toHaveValue('1.234,50 €');
    expect(amount.selectionStart).toBe(7);
    // Its own caret keys still work: Backspace just after the thousands dot jumps over it.
    amount.setSelectionRange(2, 2);
    press('Backspace');
    expect(amount.selectionStart).toBe(1);
  });
});
