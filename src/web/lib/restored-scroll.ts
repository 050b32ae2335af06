import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocation, useNavigationType } from 'react-router';

// A paged list (the directory, quick booking) keeps its place on Back (DESIGN section 10). Its pages
// come back from the query cache at once, but the browser's own restoration runs on popstate, before
// React has drawn them, and lands on a page too short to scroll. So each history entry remembers its
// scroll position here, and the list puts it back once its items are on screen again.

const storageKey = (entry: string) => `que:scroll:${entry}`;

function remember(entry: string) {
  try {
    sessionStorage.setItem(storageKey(entry), String(Math.round(window.scrollY)));
  } catch {
    // Storage refused (private mode, quota): Back starts at the top, as before.
  }
}

function recall(entry: string): number | null {
  try {
    const value = sessionStorage.getItem(storageKey(entry));
    return value === null ? null : Number(value);
  } catch {
    return null;
  }
}

/**
 * Remembers this entry's scroll as the person scrolls; on Back or Forward, restores it once `ready`
 * (the list drawn). Answers whether there is a place to restore (as the list first mounts).
 */
export function useRestoredScroll(ready: boolean): boolean {
  const location = useLocation();
  // The first page's entry is always "default": the path tells a directory from a quick booking there.
  const key = `${location.key}:${location.pathname}`;
  const navigationType = useNavigationType();
  const restored = useRef<string | null>(null);
  const [placeToRestore] = useState(() => navigationType === 'POP' && (recall(key) ?? 0) > 0);

  useEffect(() => {
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => remember(key));
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
    };
  }, [key]);

  // Before paint, so the list does not flash at the top first.
  useLayoutEffect(() => {
    if (!ready || restored.current === key) return;
    restored.current = key;
    if (navigationType !== 'POP') return;
    const y = recall(key);
    if (y !== null && y > 0) window.scrollTo(0, y);
  }, [ready, key, navigationType]);
  return placeToRestore;
}
