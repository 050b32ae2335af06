import type { QueueEntry } from '@contract/live';
import { Badge } from '@/components/ui/card';

const variants = { waiting: 'warning', called: 'success', served: 'secondary', cancelled: 'destructive' } as const;

export function QueueStatusBadge({ status }: { status: QueueEntry['status'] }) {
  return <Badge variant={variants[status]} data-testid="queue-status" className="capitalize">{status}</Badge>;
}
