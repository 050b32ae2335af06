import { KeyRound } from 'lucide-react';

// The demo accounts the server seeds (DESIGN section 3).
export const testAccounts = [
  { username: 'alice', kind: 'Customer' },
  { username: 'bob', kind: 'Customer' },
  { username: 'owner', kind: 'Business' },
] as const;
export const TEST_PASSWORD = 'password123';

/** The demo accounts, each with a button that fills the sign-in form. */
export function TestAccounts({ onPick }: { onPick: (username: string, password: string) => void }) {
  return (
    <section aria-labelledby="test-accounts-heading" className="rounded-lg border border-dashed border-slate-300 bg-slate-50 p-4">
      <h2 id="test-accounts-heading" className="flex items-center gap-2 text-sm font-semibold text-slate-700">
        <KeyRound className="size-4" aria-hidden="true" /> Test accounts
      </h2>
      <p className="mt-1 text-xs text-slate-500">Choose one to fill in the form.</p>
      <ul className="mt-3 space-y-1.5 text-sm">
        {testAccounts.map((a) => (
          <li key={a.username}>
            <button
              type="button"
              className="flex min-h-10 w-full items-center justify-between gap-2 rounded-md bg-white px-3 py-2 text-left ring-1 ring-slate-200 hover:ring-brand-500"
              onClick={() => onPick(a.username, TEST_PASSWORD)}
            >
              <span className="min-w-0">
                <span className="sr-only">Use </span>
                <code className="font-semibold text-slate-900">{a.username}</code>
                <span className="text-slate-500"> / {TEST_PASSWORD}</span>
              </span>
              <span className={`shrink-0 rounded px-1.5 py-0.5 text-xs font-medium ${a.kind === 'Business' ? 'bg-amber-100 text-amber-800' : 'bg-brand-50 text-brand-700'}`}>{a.kind}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
