import { lazy, Suspense, useSyncExternalStore } from 'react';
import { currentToasts, subscribeToasts } from '@/lib/toast-store';

// The Radix toast view is its own chunk, fetched when the first toast is raised (DESIGN section 8:
// first-load JavaScript of the home page); once there it stays mounted.
const Toaster = lazy(() => import('./toast').then((m) => ({ default: m.Toaster })));

let raised = false;

export function ToastOutlet() {
  const count = useSyncExternalStore(subscribeToasts, currentToasts).length;
  raised ||= count > 0;
  if (!raised) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
