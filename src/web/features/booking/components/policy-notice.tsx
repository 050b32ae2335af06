import { type BusinessPolicies, policySentences } from '@contract/policies';

/** The booking policies stated before the customer books (DESIGN section 9): notice, cut-offs, limit. */
export function PolicyNotice({ policies }: { policies: BusinessPolicies }) {
  return (
    <section aria-labelledby="policies-title" className="rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm">
      <h3 id="policies-title" className="font-medium text-slate-900">Booking policies</h3>
      <ul className="mt-1 list-disc space-y-0.5 pl-5 text-slate-700">
        {policySentences(policies).map((line) => <li key={line}>{line}</li>)}
      </ul>
    </section>
  );
}
