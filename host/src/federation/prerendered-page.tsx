import { VisuallyHidden } from '@mantine/core';
import { PageSkeleton } from '@trek/shared';
import { createContext, useContext } from 'react';

/**
 * Set by the build's prerender (src/prerender/route-html.tsx): a remote page's place in the
 * host's frame is marked, for the server to put the page's own prerendered markup there when the
 * remote's build made one (scripts/page-fragments.mjs).
 */
export const PrerenderPageSlot = createContext(false);

let captured: { page: string; element: HTMLElement; title: string } | undefined;

/**
 * Keeps the remote page's markup the server sent in the page (if any), before the first render
 * replaces the root's content: until the page's code has come, the page shows those very
 * elements rather than a skeleton, so what the visitor already sees stays as it is (the same
 * elements, not a copy: a copied style element would lose its nonce, which the browser hides).
 */
export function capturePrerenderedPage(root: ParentNode): void {
  const element = root.querySelector<HTMLElement>('[data-prerendered-page]');
  const page = element?.dataset.prerenderedPage;
  captured = element && page ? { page, element, title: document.title } : undefined;
}

/** Once a page's code has come (or could not), the markup of the page the server sent is past. */
export function forgetPrerenderedPage(): void {
  captured = undefined;
}

/** Puts the server's elements of the page back in place (still inert: nothing in them works). */
function showCaptured(place: HTMLDivElement | null) {
  if (place && captured && !place.contains(captured.element)) place.append(captured.element);
}

/** Says to a screen reader what the inert markup cannot: the page is still loading. */
function StillLoading() {
  return <VisuallyHidden role="status">Loading…</VisuallyHidden>;
}

/**
 * What a remote page's place shows while its code comes: the server's markup of that page (with
 * its title, which goes with it), or the skeleton.
 */
export function RemotePageFallback({ page }: { page: string }) {
  const slot = useContext(PrerenderPageSlot);
  if (slot) {
    return (
      <>
        <StillLoading />
        <template data-page-slot="" />
      </>
    );
  }
  if (captured?.page === page) {
    return (
      <>
        <title>{captured.title}</title>
        <StillLoading />
        <div ref={showCaptured} style={{ display: 'contents' }} />
      </>
    );
  }
  return <PageSkeleton />;
}
