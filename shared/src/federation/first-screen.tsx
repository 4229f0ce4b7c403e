import { useLayoutEffect, useRef } from 'react';

/**
 * The attribute of the page's prerendered first screen: the remote module it stands for (its holder is rendered
 * by the host's build, shell/page-frame.tsx; the server fills it).
 */
export const FIRST_SCREEN_ATTRIBUTE = 'data-first-screen';
const ATTRIBUTE = FIRST_SCREEN_ATTRIBUTE;

/**
 * The server's prerendered first screen of a remote module, while the page holds one: static, inert markup from
 * the remote's own build (tooling/prerender), painted in the frame before any JavaScript ran. It leaves the page
 * when the slot that showed it unmounts, so a retry or a later visit of the route shows the skeleton.
 */
export function findFirstScreen(module: string, doc: Document = document): HTMLElement | undefined {
  for (const element of doc.querySelectorAll<HTMLElement>(`[${ATTRIBUTE}]`)) {
    if (element.getAttribute(ATTRIBUTE) === module) return element;
  }
  return undefined;
}

/**
 * While a remote module loads, the slot keeps showing its first screen as the server painted it instead of a
 * skeleton, so the page does not blink from the server's form to a skeleton and back to the live form. The element
 * is moved out of the server's frame before the frame goes (this runs in the commit that renders the shell, before
 * the frame's removal and before the next paint); it goes when the live screen has mounted (CSS hides it as soon as
 * the parcel rendered anything, in the same frame).
 */
export function FirstScreenHolder({ element }: { element: HTMLElement }) {
  const holder = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const into = holder.current;
    if (!into) return undefined;
    into.appendChild(element);
    return () => element.remove();
  }, [element]);
  return (
    <div ref={holder} className="host-first-screen-holder" data-testid="first-screen" aria-busy="true" />
  );
}
