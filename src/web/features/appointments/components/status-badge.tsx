import type { Appointment } from '@contract/appointments';
import { Badge } from '@/components/ui/card';

const variants = { confirmed: 'success', pending: 'warning', cancelled: 'destructive', completed: 'secondary', held: 'warning' } as const;

export function StatusBadge({ status }: { status: Appointment['status'] }) {
  return <Badge variant={variants[status]} className="capitalize">{status}</Badge>;
}
