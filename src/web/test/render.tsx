import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { type ReactElement, StrictMode } from 'react';
import { type Location, MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { expect } from 'vitest';
import { currentToasts } from '@/lib/toast-store';

/**
 * Renders a screen or a component as the app does (StrictMode, TanStack Query with the app's defaults, a
 * router at `path`), with a fresh cache per test. `route` is the pattern the element answers (for
 * useParams); every other path renders nothing, and `location()` says where the app navigated to.
 */
export function renderApp(ui: ReactElement, { path = '/', route = '*' }: { path?: string; route?: string } = {}) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: Infinity }, mutations: { retry: false } },
  });
  let location: Location | undefined;
  function LocationProbe() {
    location = useLocation();
    return null;
  }
  // No pause between keystrokes: the events are the same, only sooner. Radix keeps `pointer-events: none` on
  // the body for a moment after a dialog closes; a person's next click lands once it is gone, so do not fail on it.
  const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
  const result = render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path={route} element={ui} />
            {route !== '*' && <Route path="*" element={null} />}
          </Routes>
          <LocationProbe />
        </MemoryRouter>
      </QueryClientProvider>
    </StrictMode>,
  );
  return {
    ...result,
    user,
    queryClient,
    /** Where the app is now: pathname plus search. */
    location: () => `${location?.pathname ?? ''}${location?.search ?? ''}`,
  };
}

/** The toast on screen now (the app shows one at a time), as title and description. */
export const shownToast = () => {
  const open = currentToasts().filter((t) => t.open);
  return open.at(-1);
};

/** Waits for a toast with this title (and description, when given). */
export async function expectToast(title: string, description?: string | RegExp) {
  await waitFor(() => expect(shownToast()?.title).toBe(title));
  if (description !== undefined) {
    const text = shownToast()?.description ?? '';
    if (typeof description === 'string') expect(text).toBe(description);
    else expect(text).toMatch(description);
  }
}

/** The open dialog (Radix puts it in a portal on document.body). */
export const findDialog = (name: string | RegExp) => screen.findByRole('dialog', { name });
