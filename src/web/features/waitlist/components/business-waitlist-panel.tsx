import { BellPlus } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { joinWaitlistSchema } from '@contract/waitlist';
import { Button } from '@/components/ui/button';
import { formatLongDate } from '@/components/ui/calendar';
import { Field, Input, NativeSelect } from '@/components/ui/input';
import { toast } from '@/components/ui/toast';
import { useUser } from '@/features/auth';
import { errorMessage } from '@/lib/api-client';
import { formatClock, wallClockAt, zoneNote } from '@/lib/business-time';
import { useJoinWaitlist } from '../api/waitlist';
import { WindowFields } from './window-fields';

interface Choice { id: number; name: string }

/** What the visitor typed, carried through the sign-in detour in the address it returns to (wl* keys). */
interface Draft { serviceId: string; date: string; fromTime: string; toTime: string; staffId: string; partySize: string }
const KEYS: Record<keyof Draft, string> = { serviceId: 'wlService', date: 'wlDate', fromTime: 'wlFrom', toTime: 'wlTo', staffId: 'wlStaff', partySize: 'wlParty' };

/**
 * "Join the waitlist" on a business's page (DESIGN section 11), for any day, not only a full one: the
 * service, date and window (and member or party size where they apply). A signed-out visitor is sent
 * to sign in and comes back to this page with the panel open and what they typed kept.
 */
export function BusinessWaitlistPanel({ businessId, timeZone, services, staff = [], maxPartySize }: {
  businessId: number;
  timeZone: string;
  services: Choice[];
  staff?: Choice[];
  maxPartySize?: number | null;
}) {
  const [search] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  // Until the session is known, a submit would wrongly send a signed-in customer to sign in.
  const { data: user, isLoading: sessionLoading } = useUser();
  const today = wallClockAt(Date.now(), timeZone).date;
  const [open, setOpen] = useState(search.get('waitlist') === '1');
  const [draft, setDraft] = useState<Draft>(() => ({
    serviceId: search.get(KEYS.serviceId) ?? String(services[0]?.id ?? ''),
    date: search.get(KEYS.date) ?? today,
    fromTime: search.get(KEYS.fromTime) ?? '09:00',
    toTime: search.get(KEYS.toTime) ?? '12:00',
    staffId: search.get(KEYS.staffId) ?? '',
    partySize: search.get(KEYS.partySize) ?? (maxPartySize ? '2' : ''),
  }));
  const [error, setError] = useState<string | null>(null);
  const join = useJoinWaitlist();
  const set = (key: keyof Draft) => (value: string) => setDraft((d) => ({ ...d, [key]: value }));

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const body = {
      businessId,
      serviceId: Number(draft.serviceId),
      date: draft.date,
      fromTime: draft.fromTime,
      toTime: draft.toTime,
      ...(draft.staffId ? { staffId: Number(draft.staffId) } : {}),
      ...(maxPartySize && draft.partySize ? { partySize: Number(draft.partySize) } : {}),
    };
    const checked = joinWaitlistSchema.safeParse(body);
    if (!checked.success) return setError(checked.error.issues[0]?.message ?? 'Please check the form');
    setError(null);
    if (!user) {
      const back = new URLSearchParams(search);
      back.set('waitlist', '1');
      for (const key of Object.keys(KEYS) as (keyof Draft)[]) {
        if (draft[key]) back.set(KEYS[key], draft[key]);
        else back.delete(KEYS[key]);
      }
      toast({ title: 'Sign in to join the waitlist', description: 'You will come back here with what you chose.', variant: 'destructive' });
      void navigate(`/login?redirect=${encodeURIComponent(`${location.pathname}?${back.toString()}`)}`);
      return;
    }
    join.mutate(body, {
      onSuccess: () => toast({ title: 'You are on the waitlist', description: `We will tell you if a time opens on ${formatLongDate(draft.date)}.` }),
      onError: (e) => setError(errorMessage(e, 'Could not join the waitlist')),
    });
  };

  return (
    <section className="mt-6 rounded-xl border border-slate-200 bg-white p-4" aria-labelledby="business-waitlist-title" data-testid="business-waitlist">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="business-waitlist-title" className="text-base font-semibold text-slate-900">Waitlist</h2>
          <p className="text-sm text-slate-600">No time that suits you? We hold the first one that opens for you for 10 minutes.</p>
        </div>
        {!open && (
          <Button type="button" variant="outline" className="min-h-11" aria-expanded={false} aria-controls="business-waitlist-form" onClick={() => setOpen(true)}>
            <BellPlus aria-hidden="true" /> Join the waitlist
          </Button>
        )}
      </div>
      {open && join.isSuccess && (
        <p className="mt-3 rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900" role="status" data-testid="business-waitlist-joined">
          You are on the waitlist for {formatLongDate(draft.date)} between {formatClock(draft.fromTime, timeZone)} and {formatClock(draft.toTime, timeZone)}. If a
          time opens we hold it for you and tell you in the bell and by e-mail. <Link to="/waitlist" className="font-medium underline">My waitlist</Link>
        </p>
      )}
      {open && !join.isSuccess && (
        <form id="business-waitlist-form" onSubmit={submit} className="mt-3 space-y-3" aria-label="Join the waitlist">
          {zoneNote(timeZone) && <p className="text-xs text-slate-600">{zoneNote(timeZone)}</p>}
          <div className="grid gap-3 sm:grid-cols-2">
            <Field id="business-waitlist-service" label="Service">
              <NativeSelect id="business-waitlist-service" className="min-h-11" value={draft.serviceId} onChange={(e) => set('serviceId')(e.target.value)}>
                {services.map((s) => <option key={s.id} value={s.id}>{s.name}</option>)}
              </NativeSelect>
            </Field>
            <Field id="business-waitlist-date" label="Date">
              <Input id="business-waitlist-date" type="date" className="min-h-11" min={today} required value={draft.date} onChange={(e) => set('date')(e.target.value)} />
            </Field>
            {staff.length > 1 && (
              <Field id="business-waitlist-staff" label="With">
                <NativeSelect id="business-waitlist-staff" className="min-h-11" value={draft.staffId} onChange={(e) => set('staffId')(e.target.value)}>
                  <option value="">Anyone</option>
                  {staff.map((m) => <option key={m.id} value={m.id}>{m.name}</option>)}
                </NativeSelect>
              </Field>
            )}
            {maxPartySize ? (
              <Field id="business-waitlist-party" label="Party size">
                <Input id="business-waitlist-party" type="number" inputMode="numeric" min={1} max={maxPartySize} className="min-h-11" value={draft.partySize} onChange={(e) => set('partySize')(e.target.value)} />
              </Field>
            ) : null}
          </div>
          <WindowFields idPrefix="business-waitlist" fromTime={draft.fromTime} toTime={draft.toTime} onFrom={set('fromTime')} onTo={set('toTime')} />
          {error && <p className="text-sm text-red-700" role="alert">{error}</p>}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" className="min-h-11" disabled={join.isPending || sessionLoading}>{join.isPending ? 'Joining…' : 'Join the waitlist'}</Button>
            <Button type="button" variant="ghost" className="min-h-11" onClick={() => setOpen(false)}>Not now</Button>
          </div>
        </form>
      )}
    </section>
  );
}
