import type { QueryClient } from '@tanstack/react-query';
import { type ComponentType, lazy, Suspense, useState } from 'react';
import { matchRoutes, type RouteObject, useRoutes } from 'react-router';
import { AppShell } from '@/app/app-shell';
import { Skeleton } from '@/components/ui/card';
import HomeRoute from '@/routes/home';

/** A screen's module: the screen, and what to read into the cache before a first render that opens on it. */
interface ScreenModule {
  default: ComponentType;
  prefetch?: (client: QueryClient) => Promise<unknown>;
}

const preloads = new Map<string, () => Promise<{ prefetch: () => Promise<unknown> }>>();

// Each screen other than Home is its own chunk, so the first load stays small.
// Each comes inside the query layer (TanStack Query), which Home does without; both are fetched together.
// A screen loaded before its first render (preloadScreen) is shown in that very render; otherwise a
// placeholder shows while its chunk loads.
const page = (path: string, load: () => Promise<ScreenModule>) => {
  let ready: ComponentType | undefined;
  let loading: Promise<{ default: ComponentType; prefetch: () => Promise<unknown> }> | undefined;
  const loadScreen = () =>
    (loading ??= Promise.all([load(), import('@/lib/query-layer'), import('@/lib/query-client')]).then(
      ([{ default: Screen, prefetch }, { default: QueryLayer }, { queryClient }]) => {
        ready = () => <QueryLayer><Screen /></QueryLayer>;
        return { default: ready, prefetch: async () => prefetch?.(queryClient) };
      },
      (error: unknown) => {
        loading = undefined; // a chunk that failed to load is asked for again next time
        throw error;
      },
    ));
  preloads.set(path, loadScreen);
  const Lazy = lazy(loadScreen);
  function Page() {
    // Decided once per mount, so a screen never swaps from the lazy path to the ready one under its own state.
    const [Ready] = useState(() => ready);
    if (Ready) return <Ready />;
    return (
      <Suspense fallback={<div className="mx-auto max-w-5xl space-y-4 p-6" role="status" aria-busy="true" aria-label="Loading"><Skeleton className="h-8 w-1/3" /><Skeleton className="h-40" /></div>}>
        <Lazy />
      </Suspense>
    );
  }
  return { path, element: <Page /> };
};

// Declarative routes under <BrowserRouter> (main.tsx): no screen uses loaders or actions, and the data
// router would add about 10 KB gzip to the first load (DESIGN section 8: 100 KB for the home page).
const routes: RouteObject[] = [
  {
    element: <AppShell />,
    children: [
      { path: '/', element: <HomeRoute /> },
      page('/login', () => import('@/routes/login')),
      page('/account', () => import('@/routes/account')),
      page('/payouts', () => import('@/routes/payouts')),
      page('/businesses', () => import('@/routes/businesses')),
      page('/restaurant-booking', () => import('@/routes/restaurant-booking')),
      page('/business-register', () => import('@/routes/business-register')),
      page('/restaurant-register', () => import('@/routes/restaurant-register')),
      page('/appointments', () => import('@/routes/appointments')),
      page('/waitlist', () => import('@/routes/waitlist')),
      page('/book/:businessId', () => import('@/routes/book')),
      page('/book-appointment', () => import('@/routes/book')),
      page('/restaurant/:restaurantId', () => import('@/routes/restaurant')),
      page('/quick-booking', () => import('@/routes/quick-booking')),
      page('/business-dashboard', () => import('@/routes/business-dashboard')),
      page('/queue-dashboard', () => import('@/routes/queue-dashboard')),
      page('/reminder-link/:token', () => import('@/routes/reminder-link')),
      page('*', () => import('@/routes/not-found')),
    ],
  },
];

export const AppRoutes = () => useRoutes(routes);

/**
 * Loads the screen the address opens (its chunk and the query layer) and what it reads first that the
 * page has already received (lib/first-page-data.ts), so the first render can show it whole.
 */
export async function preloadScreen(pathname: string): Promise<void> {
  const leaf = matchRoutes(routes, pathname)?.at(-1)?.route.path;
  const screen = leaf === undefined ? undefined : await preloads.get(leaf)?.();
  await screen?.prefetch();
}
