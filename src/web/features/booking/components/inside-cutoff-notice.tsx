import { AlertTriangle } from 'lucide-react';
import type { BusinessPolicies } from '@contract/policies';
import { insideCutoffWarning } from '../lib/inside-cutoff';

/** Said before the customer confirms a time that starts inside a cut-off, beside the policies it breaks. */
export function InsideCutoffNotice({ policies, date, time, timeZone, now = Date.now() }: {
  policies: Pick<BusinessPolicies, 'cancelCutoffMinutes' | 'rescheduleCutoffMinutes'>;
  date: string;
  time: string;
  timeZone: string;
  now?: number;
}) {
  const warning = insideCutoffWarning(policies, date, time, timeZone, now);
  if (!warning) return null;
  return (
    <p role="note" data-testid="inside-cutoff" className="flex gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
      <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>{warning}</span>
    </p>
  );
}
