import type { User } from '@contract/auth';

/**
 * Where to go after signing in (SPEC section 4): the redirect parameter when it is a path on this
 * site, else the dashboard for businesses and My Appointments for customers. "//host" and "/\host"
 * are rejected because browsers treat them as other sites.
 */
export function loginDestination(redirect: string | null, user: Pick<User, 'userType'>): string {
  if (redirect && redirect.startsWith('/') && !redirect.startsWith('//') && !redirect.startsWith('/\\') && !/[\r\n\t]/.test(redirect)) {
    return redirect;
  }
  return user.userType === 'business' ? '/business-dashboard' : '/appointments';
}
