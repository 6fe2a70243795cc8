// `scim-generator/react`: built with `react` external, so the hook runs on the React of the app
// that imports it (the element's own bundle carries a private React for its widget).
import { useEffect, type RefObject } from 'react';
import { EVENT_TABLE } from '../public/events';
import type { ScimGeneratorEventMap } from './event-map';

/** Listeners for `<scim-generator>` events, by event name. */
export type ScimGeneratorEventHandlers = {
  [Type in keyof ScimGeneratorEventMap]?: (event: ScimGeneratorEventMap[Type]) => void;
};

/**
 * Adds `handlers` as event listeners to the element in `ref`, and removes them on unmount.
 * React 19 does not attach the `on<event>` props of a custom element it hydrates from server
 * HTML; this hook listens in both cases. It re-attaches after every render, so the handlers may
 * be new functions each time and a replaced element is followed.
 */
export function useScimGeneratorEvents(ref: RefObject<HTMLElement | null>, handlers: ScimGeneratorEventHandlers): void {
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const listeners = EVENT_TABLE.flatMap(({ name: type }) => {
      const handler = handlers[type] as EventListener | undefined;
      return handler ? [{ type, handler }] : [];
    });
    listeners.forEach(({ type, handler }) => element.addEventListener(type, handler));
    return () => listeners.forEach(({ type, handler }) => element.removeEventListener(type, handler));
  });
}
