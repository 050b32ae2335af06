import { Navigate } from 'react-router';
import { Card, CardContent, CardHeader, CardTitle, Skeleton } from '@/components/ui/card';
import { useUser } from '@/features/auth/api/get-user';

/** The live queue arrives with the queue release; until then this screen says so plainly. */
export default function QueueDashboardRoute() {
  const { data: user, isPending } = useUser();
  if (isPending) return <div className="mx-auto max-w-3xl p-6"><Skeleton className="h-32" /></div>;
  if (!user) return <Navigate to="/login?redirect=/queue-dashboard" replace />;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-2xl font-bold">Queue Dashboard</h1>
      <Card className="mt-6">
        <CardHeader>
          <CardTitle>Live queue status is not available yet</CardTitle>
        </CardHeader>
        <CardContent className="text-sm text-slate-600">
          Your bookings are under My Appointments. Live positions and wait times will appear here once the queue goes live.
        </CardContent>
      </Card>
    </div>
  );
}
