import { AlertCircle } from 'lucide-react';
import { Button } from './button';

/** A load that failed: what failed, the server's words when it gave any, and a retry. */
export function ErrorState({ title, message, onRetry, children }: { title: string; message?: string; onRetry?: () => void; children?: React.ReactNode }) {
  return (
    <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6 text-center">
      <AlertCircle className="mx-auto size-8 text-red-500" aria-hidden="true" />
      <p className="mt-2 font-semibold text-red-800">{title}</p>
      {message && message !== title && <p className="mt-1 text-sm text-red-700">{message}</p>}
      {(onRetry || children) && (
        <div className="mt-4 flex flex-wrap justify-center gap-2">
          {onRetry && (
            <Button variant="outline" onClick={onRetry}>
              Try again
            </Button>
          )}
          {children}
        </div>
      )}
    </div>
  );
}
