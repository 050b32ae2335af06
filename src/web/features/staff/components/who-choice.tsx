import type { PublicStaffMember } from '@contract/staff';
import { formatTime12h } from '@contract/time';
import { cn } from '@/lib/cn';

/** Each member's first free start of the day; `undefined` while not known (no day yet, loading, failed). */
export type NextFree = Map<number, string | null> | undefined;

/**
 * "Who": anyone free at the chosen time (the default), or one named member. Each option says when that
 * member is next free on the chosen day, so a customer set on Marco sees at once whether he has room.
 */
export function WhoChoice({ members, staffId, nextFree, onChange }: {
  members: PublicStaffMember[];
  /** null: anyone */
  staffId: number | null;
  nextFree: NextFree;
  onChange: (staffId: number | null) => void;
}) {
  const anyoneNext = nextFree ? [...nextFree.values()].filter((t): t is string => t !== null).sort()[0] : undefined;
  const options: { id: number | null; name: string; next: string | null | undefined; bio?: string }[] = [
    { id: null, name: 'Anyone', next: nextFree ? (anyoneNext ?? null) : undefined },
    ...members.map((m) => ({ id: m.id, name: m.name, next: nextFree ? (nextFree.get(m.id) ?? null) : undefined, bio: m.bio })),
  ];
  return (
    <fieldset className="mb-5" data-testid="who-choice">
      <legend className="mb-2 text-sm font-medium text-slate-700">Who</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((o) => {
          const checked = o.id === staffId;
          return (
            <label
              key={o.id ?? 'anyone'}
              title={o.bio || undefined}
              className={cn(
                'flex min-h-11 cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500',
                checked ? 'border-brand-600 bg-brand-50 text-brand-900' : 'border-slate-300 bg-white text-slate-800 hover:border-brand-500',
              )}
            >
              <input type="radio" name="who" className="size-4 accent-brand-600" checked={checked} onChange={() => onChange(o.id)} />
              <span>
                <span className="font-medium">{o.name}</span>
                {o.next !== undefined && <span className="text-slate-600">{o.next ? ` · next free ${formatTime12h(o.next)}` : ' · no free time this day'}</span>}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

/** From the day's availability (who is free at each start), each member's first free start. */
export function nextFreeByMember(members: PublicStaffMember[], slots: { time: string; staff: { id: number }[] }[] | undefined): NextFree {
  if (!slots) return undefined;
  const sorted = [...slots].sort((a, b) => a.time.localeCompare(b.time));
  return new Map(members.map((m) => [m.id, sorted.find((s) => s.staff.some((x) => x.id === m.id))?.time ?? null]));
}
