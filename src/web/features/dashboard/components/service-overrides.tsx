import type { Service } from '@contract/services';
import { formatCents } from '@contract/money';
import { durationText } from '@/lib/duration-units';

// Which booking policies a service sets itself instead of following the business's (issue 27: an
// owner could not see it without opening the editor), each in words: "Free cancellation until 1 day
// before", "Buffer after 10 minutes".
const WORDS: { key: keyof Service['policies']; text: (v: number) => string }[] = [
  { key: 'minNoticeMinutes', text: (v) => `Minimum notice ${durationText(v)}` },
  { key: 'maxAdvanceDays', text: (v) => `Bookable up to ${v === 1 ? '1 day' : `${v} days`} ahead` },
  { key: 'slotIntervalMinutes', text: (v) => `Start times every ${durationText(v)}` },
  { key: 'cancelCutoffMinutes', text: (v) => `Free cancellation until ${durationText(v)} before` },
  { key: 'rescheduleCutoffMinutes', text: (v) => `Rescheduling until ${durationText(v)} before` },
  { key: 'maxActivePerCustomer', text: (v) => `${v} upcoming booking${v === 1 ? '' : 's'} per customer` },
  { key: 'swapCutoffMinutes', text: (v) => `Swap offers close ${durationText(v)} before` },
  { key: 'bufferBeforeMinutes', text: (v) => `Buffer before ${durationText(v)}` },
  { key: 'bufferAfterMinutes', text: (v) => `Buffer after ${durationText(v)}` },
];

/** The payment policy in words (DESIGN section 11): "Deposit $20.00", "Card on file: no-show fee $15.00". */
function paymentWords(p: Service['policies']): string[] {
  if (p.paymentPolicy === 'deposit' && p.depositCents) return [`Deposit ${formatCents(p.depositCents)} held at booking`];
  if (p.paymentPolicy !== 'card_on_file') return [];
  const fees = [p.noShowFeeCents ? `no-show fee ${formatCents(p.noShowFeeCents)}` : null, p.lateCancelFeeCents ? `late-cancel fee ${formatCents(p.lateCancelFeeCents)}` : null];
  return [`Card on file: ${fees.filter(Boolean).join(', ')}`];
}

/** The service's own policies, or nothing when it follows the business's in everything. */
export function ServiceOverrides({ service }: { service: Service }) {
  const set = [...WORDS.flatMap(({ key, text }) => {
    const value = service.policies[key];
    return typeof value === 'number' ? [text(value)] : [];
  }), ...paymentWords(service.policies)];
  if (set.length === 0) return null;
  return (
    <div className="mt-2 text-sm" data-testid="service-overrides">
      <p className="font-medium text-slate-700">Its own policies:</p>
      <ul className="list-inside list-disc text-slate-600">
        {set.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </div>
  );
}
