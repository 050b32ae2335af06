import { useEffect } from 'react';

export const SITE_NAME = 'Que';

/** ["Book Classic Haircut", "Downtown Barber Co."] -> "Book Classic Haircut – Downtown Barber Co. – Que". */
export function documentTitle(parts: readonly (string | null | undefined)[]): string {
  return [...parts.filter((p): p is string => Boolean(p)), SITE_NAME].join(' – ');
}

/**
 * Each screen names itself in the tab, the history list and a screen reader's page announcement.
 * null leaves the title to a component further down (a loaded booking flow names its service).
 */
export function useDocumentTitle(parts: readonly (string | null | undefined)[] | null) {
  const title = parts ? documentTitle(parts) : null;
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
}
