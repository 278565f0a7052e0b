import { useCallback, useState } from 'react';

/**
 * The height of an element as it is drawn (padding and border included), kept up to date as it
 * changes: a ref callback to put on the element, and the height in px (0 before it is measured).
 */
export function useBorderBoxHeight<T extends HTMLElement>() {
  const [height, setHeight] = useState(0);
  const ref = useCallback((node: T | null) => {
    if (!node || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setHeight(node.getBoundingClientRect().height));
    observer.observe(node);
    return () => observer.disconnect();
  }, []);
  return [ref, height] as const;
}
