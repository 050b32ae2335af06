import { useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * A screen opened by a link or a redirect starts at its top. The router keeps the window's scroll, so
 * the login page opened from the bottom of a booking's details step (issue 18) came up scrolled past
 * its heading, under the sticky header. Back and forward (POP) are left to the browser's restoration,
 * and a change of query alone (a step of the same screen) keeps the place.
 */
export function useScrollToTopOnNavigate() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  useLayoutEffect(() => {
    if (navigationType !== 'POP') window.scrollTo(0, 0);
    // Only a new pathname is a new screen; the navigation type is read at that moment.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname]);
}
