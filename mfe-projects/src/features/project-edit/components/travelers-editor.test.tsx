import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoutes } from '@trek/shared/testing/render';
import { describe, expect, it, vi } from 'vitest';
import { TravelersEditor } from './travelers-editor';

function renderEditor(value: number) {
  const onChange = vi.fn<(travelers: number) => void>();
  renderRoutes([{ path: '/', element: <TravelersEditor value={value} onChange={onChange} /> }]);
  return { onChange, input: screen.getByRole('textbox', { name: 'Number of travelers' }) };
}

describe('TravelersEditor', () => {
  it('takes a number out of range as typed and brings it to the nearest allowed once left', async () => {
    const user = userEvent.setup();
    const { onChange, input } = renderEditor(2);
    await user.clear(input);
    await user.type(input, '11');
    expect((input as HTMLInputElement).value).toBe('11');
    await user.tab();
    expect((input as HTMLInputElement).value).toBe('10');
    expect(onChange).toHaveBeenLastCalledWith(10);
  });

  it.each([
    ['2.6', '3', 3],
    ['-3', '1', 1],
  ])(
    'keeps %s as typed, and reads the nearest whole number allowed once left',
    async (typed, shown, travelers) => {
      const user = userEvent.setup();
      const { onChange, input } = renderEditor(2);
      expect(input.getAttribute('inputmode')).toBe('numeric');
      await user.clear(input);
      await user.type(input, typed);
      expect((input as HTMLInputElement).value).toBe(typed);
      await user.tab();
      expect((input as HTMLInputElement).value).toBe(shown);
      expect(onChange).toHaveBeenLastCalledWith(travelers);
    },
  );

  it('reads 1 for an empty field or 0 once left', async () => {
    const user = userEvent.setup();
    const { onChange, input } = renderEditor(4);
    await user.clear(input);
    await user.type(input, '0');
    await user.tab();
    expect((input as HTMLInputElement).value).toBe('1');
    expect(onChange).toHaveBeenLastCalledWith(1);
  });
});
