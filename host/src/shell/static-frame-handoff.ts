import { useLayoutEffect } from 'react';
import { removeStaticFrame } from './static-frame';

/**
 * For the shells and the bare pages: the server's frame goes in the commit that first renders the component (a
 * layout effect, before the browser paints). Not while a route waits (a lazy shell's code, the terminated check
 * of /login): those render a fallback instead, and the frame stays.
 */
export function useStaticFrameHandoff(): void {
  useLayoutEffect(() => removeStaticFrame(), []);
}
