import { lazy, Suspense } from 'react';
import { type RouteObject, useRoutes } from 'react-router';
import { AppShell } from '@/app/app-shell';
import { Skeleton } from '@/components/ui/card';
import HomeRoute from '@/routes/home';

// Each screen other than Home is its own chunk, so the first load stays small.
// Each comes inside the query layer (TanStack Query), which Home does without; both are fetched together.
const page = (load: () => Promise<{ default: React.ComponentType }>) => {
  const Page = lazy(async () => {
    const [{ default: Screen }, { default: QueryLayer }] = await Promise.all([load(), import('@/lib/query-layer')]);
    return { default: () => <QueryLayer><Screen /></QueryLayer> };
  });
  return (
    <Suspense fallback={<div className="mx-auto max-w-5xl space-y-4 p-6" aria-busy="true" aria-label="Loading"><Skeleton className="h-8 w-1/3" /><Skeleton className="h-40" /></div>}>
      <Page />
    </Suspense>
  );
};

// Declarative routes under <BrowserRouter> (main.tsx): no screen uses loaders or actions, and the data
// router would add about 10 KB gzip to the first load (DESIGN section 8: 100 KB for the home page).
const routes: RouteObject[] = [
  {
    element: <AppShell />,
    children: [
      { path: '/', element: <HomeRoute /> },
      { path: '/login', element: page(() => import('@/routes/login')) },
      { path: '/account', element: page(() => import('@/routes/account')) },
      { path: '/businesses', element: page(() => import('@/routes/businesses')) },
      { path: '/restaurant-booking', element: page(() => import('@/routes/restaurant-booking')) },
      { path: '/business-register', element: page(() => import('@/routes/business-register')) },
      { path: '/restaurant-register', element: page(() => import('@/routes/restaurant-register')) },
      { path: '/appointments', element: page(() => import('@/routes/appointments')) },
      { path: '/book/:businessId', element: page(() => import('@/routes/book')) },
      { path: '/book-appointment', element: page(() => import('@/routes/book')) },
      { path: '/restaurant/:restaurantId', element: page(() => import('@/routes/restaurant')) },
      { path: '/quick-booking', element: page(() => import('@/routes/quick-booking')) },
      { path: '/business-dashboard', element: page(() => import('@/routes/business-dashboard')) },
      { path: '/queue-dashboard', element: page(() => import('@/routes/queue-dashboard')) },
      { path: '*', element: page(() => import('@/routes/not-found')) },
    ],
  },
];

export const AppRoutes = () => useRoutes(routes);
