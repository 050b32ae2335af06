import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';

/** Back (when there is a previous step) and the submit button, stacked on phones. */
export function FormActions({ onBack, busy, children }: { onBack?: () => void; busy: boolean; children: ReactNode }) {
  return (
    <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-between">
      {onBack ? (
        <Button type="button" variant="outline" onClick={onBack} disabled={busy}>
          <ArrowLeft aria-hidden="true" /> Back
        </Button>
      ) : (
        <span />
      )}
      <Button type="submit" disabled={busy} className="sm:min-w-48">
        {busy ? 'Saving…' : children}
      </Button>
    </div>
  );
}

/** aria wiring for a field that may carry an error message (Field renders `${id}-error`). */
export const errorProps = (id: string, error: string | undefined) => ({
  'aria-invalid': !!error,
  'aria-describedby': error ? `${id}-error` : undefined,
});
