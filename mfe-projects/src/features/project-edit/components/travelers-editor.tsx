import { NumberInput } from '@mantine/core';
import { GROUP_SIZE } from '@trek/shared';
import { useState } from 'react';
import { travelersFrom } from '../model/edit-form';

/**
 * A number from 1 to 10. While typing, the field may be empty or out of range; once it loses focus
 * (the save icon included), a number out of range becomes the nearest allowed (11 reads 10) and
 * anything that is not a number reads 1 (spec section 5).
 */
export function TravelersEditor({
  value,
  onChange,
}: {
  value: number | null;
  onChange: (travelers: number) => void;
}) {
  const [text, setText] = useState<number | string>(value ?? GROUP_SIZE.min);
  return (
    <NumberInput
      label="Number of travelers"
      description={`From ${GROUP_SIZE.min} to ${GROUP_SIZE.max}`}
      value={text}
      min={GROUP_SIZE.min}
      max={GROUP_SIZE.max}
      clampBehavior="blur"
      allowDecimal={false}
      allowNegative={false}
      maw={220}
      onChange={(next) => {
        setText(next);
        if (typeof next === 'number') onChange(travelersFrom(next));
      }}
      onBlur={() => {
        const travelers = travelersFrom(text);
        setText(travelers);
        onChange(travelers);
      }}
    />
  );
}
