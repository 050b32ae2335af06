import { Building2, User } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { LoginForm, SignedInPanel, useUser } from '@/features/auth';
import { useDocumentTitle } from '@/lib/document-title';

export default function LoginRoute() {
  useDocumentTitle(['Sign in']);
  const { data: user } = useUser();
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  // Someone signed in is told who they are, with somewhere to go (a customer sent by the dashboard, why).
  if (user) {
    return (
      <div className="mx-auto max-w-md px-4 py-10 sm:py-16">
        <SignedInPanel user={user} redirect={redirect} />
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-md px-4 py-10 sm:py-16">
      <Card>
        <CardHeader className="text-center">
          <h1 className="text-2xl font-semibold leading-tight">Welcome back</h1>
          <CardDescription>
            {redirect?.startsWith('/business-dashboard') ? 'Sign in with your business account to open the business dashboard.' : 'Sign in to manage your bookings or your business.'}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <LoginForm />
        </CardContent>
      </Card>
      <div className="mt-6 grid gap-3 sm:grid-cols-2">
        <Button asChild variant="outline">
          <Link to="/business-register">
            <Building2 aria-hidden="true" /> Register as Business
          </Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/">
            <User aria-hidden="true" /> Continue as Customer
          </Link>
        </Button>
      </div>
    </div>
  );
}
