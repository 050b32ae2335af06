import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppErrorBoundary } from '@/app/error-boundary';
import { ToastOutlet } from '@/components/ui/toast-outlet';
import { probeSession } from '@/lib/session-store';
import { AppRoutes } from '@/router';
import './styles.css';

// Who is signed in, asked at once; TanStack Query comes with the first screen that needs it (router.tsx).
probeSession();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppErrorBoundary>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
      <ToastOutlet />
    </AppErrorBoundary>
  </StrictMode>,
);
