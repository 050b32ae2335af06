import { Navigate } from 'react-router';
import { Card, CardContent, CardDescription, CardHeader, CardTitle, Skeleton } from '@/components/ui/card';
import { useUser } from '@/features/auth';
import { ProfileForm } from '@/features/profile';
import { useDocumentTitle } from '@/lib/document-title';

/** The signed-in user's profile: who they are, and the contact details that prefill their bookings. */
export default function AccountRoute() {
  useDocumentTitle(['Your profile']);
  const { data: user, isPending } = useUser();
  if (isPending) return <div className="mx-auto max-w-xl p-6"><Skeleton className="h-64" /></div>;
  // Like the queue dashboard: a profile needs an account, and login comes back here.
  if (!user) return <Navigate to="/login?redirect=/account" replace />;
  return (
    <div className="mx-auto max-w-xl space-y-6 px-4 py-6 sm:py-10">
      <header>
        <h1 className="text-2xl font-bold sm:text-3xl">Your profile</h1>
        <p className="mt-1 text-slate-600">
          Signed in as <strong className="break-all text-slate-900">{user.username}</strong> ({user.email}), a {user.userType === 'business' ? 'business' : 'customer'} account.
        </p>
      </header>
      <Card>
        <CardHeader>
          <CardTitle>Contact details for bookings</CardTitle>
          <CardDescription>Filled in for you when you book an appointment or reserve a table. You can still change them for one booking there.</CardDescription>
        </CardHeader>
        <CardContent>
          {/* Remounted when the saved details change elsewhere (a first booking fills them). */}
          <ProfileForm key={`${user.id}:${user.fullName}:${user.phone}`} user={user} />
        </CardContent>
      </Card>
    </div>
  );
}
