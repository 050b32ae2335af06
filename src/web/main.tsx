import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppErrorBoundary } from '@/app/error-boundary';
import { ToastOutlet } from '@/components/ui/toast-outlet';
import { probeSession } from '@/lib/session-store';
import { AppRoutes, preloadScreen } from '@/router';
import './styles.css';

// Who is signed in, asked at once; TanStack Query comes with the first screen that needs it (router.tsx).
probeSession();

const render = () =>
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

// The directory's and quick booking's pages name their screen's scripts as module preloads (the server's
// share-pages feature marks them data-screen), so those are on their way already: the first render
// waits for that screen and shows it, instead of a placeholder that a second render and layout replace
// a moment later (on a phone each costs a tenth of a second or more). Other pages render at once.
if (document.querySelector('link[rel="modulepreload"][data-screen]')) void preloadScreen(location.pathname).catch(() => undefined).then(render);
else render();
