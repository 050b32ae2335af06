import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { recheckSessionAfter401 } from '@/lib/session-expiry';
import { setSigningOut } from '@/lib/session-store';
import { makeUser } from '@/test/fixtures';
import { signedInAs } from '@/test/server';

// A 401 while someone is signed in asks the server whether the session ended. During this tab's own
// sign-out it does not, until the old user's data is forgotten: a screen's refetch answered 401 between
// the logout and then made the page say 'Authentication Required' in place of 'Signed out' (one toast at a
// time), or send the person to the login form (seen in tests/e2e/header-navigation.e2e.ts on a loaded
// machine, 2026-12-06).

afterEach(() => setSigningOut(false));

const unauthorized = new ApiError(401, '{"message":"Not signed in"}', 'Not signed in', 'UNAUTHORIZED');

describe('a 401 on a signed-in page', () => {
  it('forgets the session when the server says nobody is signed in any more', async () => {
    const client = new QueryClient();
    client.setQueryData(queryKeys.user(), makeUser());
    signedInAs(null);
    await recheckSessionAfter401(client, unauthorized);
    expect(client.getQueryData(queryKeys.user())).toBeNull();
  });

  it('is left to the sign-out itself while this tab signs out', async () => {
    const client = new QueryClient();
    const alice = makeUser();
    client.setQueryData(queryKeys.user(), alice);
    signedInAs(null);
    setSigningOut(true);
    await recheckSessionAfter401(client, unauthorized);
    expect(client.getQueryData(queryKeys.user())).toEqual(alice);
  });
});
