import { Building2, User } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { LoginForm } from '@/features/auth/components/login-form';
import { useDocumentTitle } from '@/lib/document-title';

export default function LoginRoute() {
  useDocumentTitle(['Sign in']);
  return (
    <div className="mx-auto max-w-md px-4 py-10 sm:py-16">
      <Card>
        <CardHeader className="text-center">
          <h1 className="text-2xl font-semibold leading-tight">Welcome back</h1>
          <CardDescription>Sign in to manage your bookings or your business.</CardDescription>
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
