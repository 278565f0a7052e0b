import { Button } from '@mantine/core';
import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../query-client';
import { AppProviders } from './app-providers';
import { busyButtonProps, useKeepFocus } from './keep-focus';

describe('useKeepFocus', () => {
  it('moves focus that fell to <body> to the first fallback still on the page that can take it', async () => {
    const heading = document.createElement('h1');
    const gone = document.createElement('button');
    const disabled = document.createElement('button');
    disabled.disabled = true;
    document.body.append(disabled, heading);
    const { result } = renderHook(() => useKeepFocus());
    act(() => result.current(() => [gone, disabled, heading]));
    await waitFor(() => expect(document.activeElement).toBe(heading));
    // A heading is made focusable by script only, out of the Tab order.
    expect(heading.getAttribute('tabindex')).toBe('-1');
    heading.remove();
    disabled.remove();
  });

  it('catches a focused button that disappears a moment later, and leaves focus elsewhere alone', async () => {
    const button = document.createElement('button');
    const other = document.createElement('input');
    const heading = document.createElement('h2');
    document.body.append(button, other, heading);
    button.focus();
    const { result } = renderHook(() => useKeepFocus());
    act(() => result.current(() => heading));
    expect(document.activeElement).toBe(button);
    button.remove();
    await waitFor(() => expect(document.activeElement).toBe(heading));

    // The second click of a double click on a button disabled by the first gives <main> the focus.
    const main = document.createElement('main');
    main.tabIndex = -1;
    document.body.append(main);
    main.focus();
    act(() => result.current(() => heading));
    await waitFor(() => expect(document.activeElement).toBe(heading));
    main.remove();

    other.focus();
    act(() => result.current(() => heading));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(document.activeElement).toBe(other);
    other.remove();
    heading.remove();
  });
});

function Busy({ onClick }: { onClick: () => void }) {
  const [busy, setBusy] = useState(false);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        setBusy(true);
        onClick();
      }}
    >
      <input aria-label="Name" />
      <Button type="submit" {...busyButtonProps(busy)}>
        Create guide
      </Button>
    </form>
  );
}

describe('busyButtonProps', () => {
  it('keeps a busy button focusable and in the page, and ignores its clicks and Enter', async () => {
    const onClick = vi.fn();
    render(
      <AppProviders queryClient={createQueryClient()} env="test">
        <Busy onClick={onClick} />
      </AppProviders>,
    );
    const user = userEvent.setup();
    const button = screen.getByRole('button', { name: 'Create guide' });
    await user.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(button.hasAttribute('disabled')).toBe(false);
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(button.hasAttribute('data-loading')).toBe(true);
    expect(document.activeElement).toBe(button);
    await user.click(button);
    await user.keyboard('{Enter}');
    await user.type(screen.getByRole('textbox', { name: 'Name' }), '{Enter}');
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('can keep the label in view instead of the spinner', () => {
    expect(busyButtonProps(true, { spinner: false })).toMatchObject({
      'aria-disabled': true,
      'data-disabled': true,
    });
    expect(busyButtonProps(false)).toEqual({});
  });
});
