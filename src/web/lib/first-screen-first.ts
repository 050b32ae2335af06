import { useEffect, useState } from 'react';

// A phone's first visit to a long list (the directory, quick booking) pays for every card before the
// first one shows: at 4x slower CPU, drawing and laying out 24 cards was one task of 380-530 ms
// (bench/discovery-browser.ts). When the list's first page is already there as the screen first draws
// (the page preloaded it), this draws the cards a first screen can hold, then all of them right
// after that first paint. Only the document's first list does this (the first screen of a visit): a
// list that arrives later, one mounted again by Back or a link, or one whose place is restored (it
// needs the whole height at once) is drawn whole, as before.

// The list says aria-busy while the rest is still to come.

/** Cards a phone's first screen can show, and some. */
export const FIRST_SCREEN_CARDS = 4;

let firstListOfDocument = true;

/** How many of `total` items to draw now. `drawnAtOnce`: the list is not there at mount, or Back restores a place. */
export function useFirstScreenFirst(total: number, drawnAtOnce: boolean): number {
  const [all, setAll] = useState(() => {
    const whole = drawnAtOnce || !firstListOfDocument;
    firstListOfDocument = false;
    return whole;
  });
  useEffect(() => {
    if (all) return;
    let timer = 0;
    // the next frame comes after this paint; the timeout lets that paint happen first
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => setAll(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, [all]);
  return all ? total : Math.min(total, FIRST_SCREEN_CARDS);
}
