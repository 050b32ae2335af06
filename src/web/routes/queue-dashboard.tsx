import { Navigate } from 'react-router';
import { Skeleton } from '@/components/ui/card';
import { useUser } from '@/features/auth';
import { QueueDashboard } from '@/features/queue';
import { useDocumentTitle } from '@/lib/document-title';

/** SPEC section 2: requires login, otherwise redirects to /login. */
export default function QueueDashboardRoute() {
  useDocumentTitle(['Queue Dashboard']);
  const { data: user, isPending } = useUser();
  if (isPending) return <div className="mx-auto max-w-3xl p-6"><Skeleton className="h-32" /></div>;
  if (!user) return <Navigate to="/login?redirect=/queue-dashboard" replace />;
  return <QueueDashboard key={user.id} user={user} />;
}
