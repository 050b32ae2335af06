import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { currentToasts, dismissToast } from '@/lib/toast-store';
import { server } from './server';

// findBy… and waitFor wait up to 5 s (Testing Library's default is 1 s): a screen that asks three queries in
// turn takes longer than that when the two cores are shared, and a slow machine should slow a test, not fail it.
configure({ asyncUtilTimeout: 5_000 });

// happy-dom leaves a select's `size` undefined (a browser says 0), so react-hook-form took every select as
// already edited by the user and never put its default value in. Give it the browser's answer.
if (document.createElement('select').size === undefined) {
  Object.defineProperty(HTMLSelectElement.prototype, 'size', {
    configurable: true,
    get(this: HTMLSelectElement) {
      const size = Number.parseInt(this.getAttribute('size') ?? '', 10);
      return size > 0 ? size : 0;
    },
    set(this: HTMLSelectElement, value: number) {
      this.setAttribute('size', String(value));
    },
  });
}

// A browser turns what is assigned to a select's value into a string (WebIDL DOMString); happy-dom compares
// it to the options as given, so react-hook-form's `select.value = 4` chose nothing. Coerce, as a browser does.
const selectValue = Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')!;
if (!('coerced' in selectValue.set!)) {
  const set = Object.assign(
    function (this: HTMLSelectElement, value: unknown) {
      selectValue.set!.call(this, value === null || value === undefined ? '' : String(value));
    },
    { coerced: true },
  );
  Object.defineProperty(HTMLSelectElement.prototype, 'value', { ...selectValue, set });
}

// Modules the app loads with a dynamic import nobody awaits (signing out clears the query cache; the bell
// retains the live connection): loaded up front, one cannot still be loading when the worker tears a
// file's environment down, which Vitest reports as an unhandled EnvironmentTeardownError.
beforeAll(async () => {
  await Promise.all([import('@/lib/forget-session'), import('@/lib/query-client'), import('@/features/live')]);
});

// A request that no handler answers fails the test that made it: each test states every call its screen makes.
const unhandled: string[] = [];
beforeAll(() =>
  server.listen({
    onUnhandledRequest(request, print) {
      unhandled.push(`${request.method} ${new URL(request.url).pathname}`);
      print.error();
    },
  }),
);
afterEach(() => {
  cleanup();
  server.resetHandlers();
  // The toast store lives in a module: close what a test raised so the next test starts with none.
  for (const t of currentToasts()) if (t.open) dismissToast(t.id);
  sessionStorage.clear();
  // The app's own query client is a module, shared by every file of a worker (isolate: false): a user a
  // screen left in it would be told to the next file's header (lib/query-layer.tsx follows that query).
  queryClient.clear();
  const missed = unhandled.splice(0);
  expect(missed, 'requests no handler answered').toEqual([]);
});
afterAll(() => server.close());
