import { Skeleton } from '@/components/ui/card';
import { SignedOutView } from '@/features/appointments';
import { useUser } from '@/features/auth';
import { MyWaitlist } from '@/features/waitlist';
import { useDocumentTitle } from '@/lib/document-title';

/** My waitlist: the times the customer waits for, a held one's Claim with its countdown, leaving (DESIGN section 11). */
export default function WaitlistRoute() {
  useDocumentTitle(['My waitlist']);
  const { data: user, isLoading } = useUser();
  if (isLoading) return <div className="mx-auto max-w-3xl px-4 py-10" role="status" aria-busy="true" aria-label="Loading"><Skeleton className="h-40" /></div>;
  if (!user) return <SignedOutView />;
  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:py-10">
      <h1 className="mb-2 text-2xl font-bold sm:text-3xl">My waitlist</h1>
      <p className="mb-6 text-slate-600">Times you asked to hear about. When one opens it is held for you for a few minutes: claim it to book it.</p>
      <MyWaitlist title="Entries" />
    </div>
  );
}
