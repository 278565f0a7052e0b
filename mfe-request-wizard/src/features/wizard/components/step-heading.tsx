import { Stack, Text, Title } from '@mantine/core';
import { createContext, type RefObject, useContext, useEffect, useRef } from 'react';

/**
 * Set by the wizard when the step changes: the next step heading to mount takes focus, so
 * keyboard and screen-reader users continue from the new step (even one that loads lazily).
 */
export const StepFocusRequest = createContext<RefObject<boolean> | null>(null);

export interface StepHeadingProps {
  title: string;
  text?: string;
  /** Ids of the title and the text, for a group of choices named and described by them. */
  id?: string;
  textId?: string;
}

/** The heading of a step. */
export function StepHeading({ title, text, id, textId }: StepHeadingProps) {
  const focusRequest = useContext(StepFocusRequest);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusRequest?.current) {
      focusRequest.current = false;
      heading.current?.focus();
    }
  }, [focusRequest]);
  return (
    <Stack gap={4} mb="md">
      <Title
        order={2}
        id={id}
        fz={{ base: 'xl', sm: 26 }}
        ref={heading}
        tabIndex={-1}
        style={{ outline: 'none' }}
      >
        {title}
      </Title>
      {text && (
        <Text c="dimmed" id={textId}>
          {text}
        </Text>
      )}
    </Stack>
  );
}
