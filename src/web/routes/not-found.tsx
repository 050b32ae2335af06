import { Home, RefreshCw } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { useDocumentTitle } from '@/lib/document-title';

const isSafari = () => /Safari/.test(navigator.userAgent) && !/Chrome|Chromium|Android/.test(navigator.userAgent);

export default function NotFoundRoute() {
  useDocumentTitle(['404 Page Not Found']);
  const location = useLocation();
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <p aria-hidden="true" className="text-6xl font-extrabold text-brand-600">404</p>
      <h1 className="mt-4 text-2xl font-bold">404 Page Not Found</h1>
      <p className="mt-2 text-slate-600">The page you're looking for doesn't exist or has been moved.</p>
      <div className="mt-8 flex gap-3">
        <Button asChild>
          <Link to="/">
            <Home aria-hidden="true" /> Go Home
          </Link>
        </Button>
        <Button variant="outline" onClick={() => window.location.reload()}>
          <RefreshCw aria-hidden="true" /> Refresh Page
        </Button>
      </div>
      {isSafari() && (
        <p className="mt-6 break-all text-xs text-slate-500">
          Path: {location.pathname} · {navigator.userAgent.slice(0, 60)}
        </p>
      )}
    </div>
  );
}
