import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppErrorBoundary } from '@/components/layout/error-boundary';
import { ToastOutlet } from '@/components/ui/toast-outlet';
import { queryClient } from '@/lib/query-client';
import { AppRoutes } from '@/router';
import './styles.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
        <ToastOutlet />
      </QueryClientProvider>
    </AppErrorBoundary>
  </StrictMode>,
);
