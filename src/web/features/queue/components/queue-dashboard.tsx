import { Link } from 'react-router';
import type { User } from '@contract/auth';
import { Button } from '@/components/ui/button';
import { EmptyState, Skeleton } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { ConnectionStatus, type Subscription, useLiveConnection } from '@/features/live';
import { errorMessage } from '@/lib/api-client';
import { useCustomerQueue } from '../api/get-customer-queue';
import { queueStats } from '../lib/queue-list';
import { ActiveQueueCard } from './active-queue-card';
import { NotificationsToggle } from './notifications-toggle';
import { QueueStatCards } from './queue-stat-cards';
import { RecentActivity } from './recent-activity';

/** The signed-in user's queue positions, live: own entries plus each of their business-days. */
export function QueueDashboard({ user }: { user: User }) {
  const queue = useCustomerQueue(user.id);
  const stats = queueStats(queue.data ?? []);
  // Others joining or leaving the same day move this user's position: follow those days too.
  const days = [...new Set(stats.active.map((e) => `${e.businessId}|${e.date}`))].sort();
  const subscriptions: Subscription[] = [{ customer: true }, ...days.map((d) => ({ businessId: Number(d.split('|')[0]), date: d.split('|')[1] }))];
  const state = useLiveConnection(subscriptions);

  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-8 sm:py-10">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">Queue Dashboard</h1>
          <ConnectionStatus state={state} />
        </div>
        <NotificationsToggle />
      </header>
      {queue.isPending ? (
        <div role="status" aria-busy="true" aria-label="Loading queue" className="space-y-3">
          <Skeleton className="h-20" />
          <Skeleton className="h-32" />
        </div>
      ) : queue.error ? (
        <ErrorState title="Error Loading Queue Data" message={errorMessage(queue.error, 'Failed to fetch queue entries')}>
          <Button variant="outline" onClick={() => void queue.refetch()}>Retry</Button>
        </ErrorState>
      ) : (
        <>
          <QueueStatCards active={stats.activeCount} avgWait={stats.avgWait} completed={stats.completed} />
          <section aria-labelledby="active-queues-title" className="space-y-3">
            <h2 id="active-queues-title" className="text-lg font-semibold">Active Queues</h2>
            {stats.active.length === 0 ? (
              <EmptyState title="You're not in any queue" description="Book an appointment and your place in line shows up here.">
                <Button asChild><Link to="/businesses">Find a business</Link></Button>
              </EmptyState>
            ) : (
              stats.active.map((e) => <ActiveQueueCard key={e.id} entry={e} total={Math.max(stats.activeCount, e.queuePosition ?? 0)} />)
            )}
          </section>
          <RecentActivity entries={stats.recent} />
        </>
      )}
    </div>
  );
}
