import { NumberInput } from '@mantine/core';
import { GROUP_SIZE } from '@trek/shared';
import { useState } from 'react';
import { travelersFrom } from '../model/edit-form';
import { useSaveField } from './inline-field';

/**
 * Mantine's NumberInput always asks for a decimal keypad; a whole number needs the digits only.
 * React sets the attribute once and leaves it while the prop stays the same.
 */
const digitsKeypad = (input: HTMLInputElement | null) =>
  input?.setAttribute('inputmode', 'numeric');

/**
 * A whole number from 1 to 10. While typing, the field keeps what is typed (empty, out of range,
 * '2.6', '-3'); once it is left (the save icon included) or Enter saves it, a number reads the
 * nearest whole one allowed (11 reads 10, 2.6 reads 3, -3 reads 1) and anything that is not a
 * number reads 1 (spec section 5). A dot or minus sign is not dropped as typed: '2.6' would read
 * 26, then 10.
 */
export function TravelersEditor({
  value,
  onChange,
}: {
  value: number | null;
  onChange: (travelers: number) => void;
}) {
  const [text, setText] = useState<number | string>(value ?? GROUP_SIZE.min);
  const save = useSaveField();
  const commit = () => {
    const travelers = travelersFrom(text);
    setText(travelers);
    onChange(travelers);
  };
  return (
    <NumberInput
      ref={digitsKeypad}
      label="Number of travelers"
      description={`From ${GROUP_SIZE.min} to ${GROUP_SIZE.max}`}
      value={text}
      min={GROUP_SIZE.min}
      max={GROUP_SIZE.max}
      clampBehavior="blur"
      maw={220}
      onChange={(next) => {
        setText(next);
        if (typeof next === 'number') onChange(travelersFrom(next));
      }}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key !== 'Enter' || event.nativeEvent.isComposing || !save) return;
        event.preventDefault();
        commit();
        save();
      }}
    />
  );
}
