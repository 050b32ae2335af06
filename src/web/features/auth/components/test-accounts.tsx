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
      <ul className="mt-3 space-y-2 text-sm">
        {testAccounts.map((a) => (
          <li key={a.username} className="flex items-center justify-between gap-2">
            <span>
              <code className="font-semibold text-slate-900">{a.username}</code>
              <span className="text-slate-500"> / {TEST_PASSWORD}</span>
              <span className="ml-2 rounded bg-white px-1.5 py-0.5 text-xs text-slate-600 ring-1 ring-slate-200">{a.kind}</span>
            </span>
            <button type="button" className="rounded px-2 py-1 text-xs font-medium text-brand-700 hover:bg-brand-50" onClick={() => onPick(a.username, TEST_PASSWORD)}>
              Use {a.username}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
