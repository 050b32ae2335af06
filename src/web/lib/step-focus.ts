import { type RefObject, useEffect, useRef } from 'react';

/**
 * When a multi-step flow moves to another step, focus goes to that step's heading, so keyboard and
 * screen-reader users start reading the new step instead of being left on a button that vanished.
 * Not on first render: a page load keeps the browser's own focus.
 */
export function useFocusStepHeading(container: RefObject<HTMLElement | null>, step: unknown) {
  // The step last focused for, not a "first render" flag: StrictMode runs effects twice on mount.
  const shown = useRef(step);
  useEffect(() => {
    if (shown.current === step) return;
    shown.current = step;
    const heading = container.current?.querySelector<HTMLElement>('h2, h1');
    if (!heading) return;
    if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
    heading.classList.add('outline-none');
    heading.focus({ preventScroll: false });
  }, [container, step]);
}
