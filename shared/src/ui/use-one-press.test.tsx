import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DOUBLE_TAP_MS, useOnePress } from './use-one-press';

function Controls({
  onA,
  onB,
  onOther,
}: {
  onA: () => void;
  onB: () => void;
  onOther: () => void;
}) {
  const press = useOnePress();
  return (
    <>
      <button type="button" {...press('field', onA)}>
        A
      </button>
      <button type="button" {...press('field', onB)}>
        B
      </button>
      <button type="button" {...press('other', onOther)}>
        Other
      </button>
    </>
  );
}

function setup() {
  const actions = { onA: vi.fn(), onB: vi.fn(), onOther: vi.fn() };
  render(<Controls {...actions} />);
  return actions;
}

/** A tap as touch browsers report it: a pointer of type touch, then a first click. */
function tap(name: string) {
  const control = screen.getByRole('button', { name });
  fireEvent.pointerDown(control, { pointerType: 'touch' });
  fireEvent.click(control, { detail: 1 });
}

afterEach(() => {
  vi.useRealTimers();
});

describe('useOnePress', () => {
  it("ignores a double click's second click", () => {
    const { onA } = setup();
    const a = screen.getByRole('button', { name: 'A' });
    fireEvent.pointerDown(a, { pointerType: 'mouse' });
    fireEvent.click(a, { detail: 1 });
    fireEvent.pointerDown(a, { pointerType: 'mouse' });
    fireEvent.click(a, { detail: 2 });
    expect(onA).toHaveBeenCalledTimes(1);
  });

  it("ignores a double tap's second tap on a control of the same group, not on another group's or later", () => {
    // jsdom stamps events with Date.now().
    vi.useFakeTimers({ toFake: ['Date'] });
    const { onA, onB, onOther } = setup();
    tap('A');
    tap('B');
    expect(onA).toHaveBeenCalledTimes(1);
    expect(onB).not.toHaveBeenCalled();
    vi.advanceTimersByTime(DOUBLE_TAP_MS);
    tap('B');
    expect(onB).toHaveBeenCalledTimes(1);
    tap('Other');
    expect(onOther).toHaveBeenCalledTimes(1);
  });

  it('lets a keyboard press act at once after a tap', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { onA } = setup();
    tap('A');
    // Enter or Space on a button: a click with a count of 0 and no pointer before it.
    fireEvent.click(screen.getByRole('button', { name: 'A' }), { detail: 0 });
    expect(onA).toHaveBeenCalledTimes(2);
  });
});
