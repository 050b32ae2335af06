import { type RefObject, useEffect, useRef } from 'react';

/**
 * After Show more, the keyboard goes on from the first item the new page added (the button it pressed
 * now sits below them, so the next Tab would skip the whole page). `count` is how many items are
 * shown; wrap the list's fetchNextPage with the returned function.
 */
export function useFocusFirstNew(count: number, list: RefObject<HTMLElement | null>) {
  const from = useRef<number | null>(null);
  useEffect(() => {
    if (from.current === null || count <= from.current) return;
    const item = list.current?.children[from.current] as HTMLElement | undefined;
    from.current = null;
    if (!item) return;
    item.tabIndex = -1;
    item.focus();
  }, [count, list]);
  return <T>(fetchNextPage: () => T) =>
    () => {
      from.current = count;
      return fetchNextPage();
    };
}
