import type { Appointment } from '@contract/appointments';
import { Badge } from '@/components/ui/card';

const variants = { confirmed: 'success', pending: 'warning', cancelled: 'destructive', completed: 'secondary', no_show: 'destructive', held: 'warning' } as const;

/** A status as people say it: "no_show" is "no-show". */
export const statusText = (status: Appointment['status']) => status.replace('_', '-');

export function StatusBadge({ status }: { status: Appointment['status'] }) {
  return <Badge variant={variants[status]} className="capitalize">{statusText(status)}</Badge>;
}
