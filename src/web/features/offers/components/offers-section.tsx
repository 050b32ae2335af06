import { lazy, Suspense, useState } from 'react';
import type { Offer } from '@contract/offers';
import { toCents } from '@contract/money';
import { EmptyState, Skeleton } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { errorMessage } from '@/lib/api-client';
import { useOffers } from '../api/get-offers';
import { useOfferAnswers } from '../hooks/use-offer-answers';
import { topUpCents, viewerPays } from '../lib/offer-display';
import { OfferCard } from './offer-card';

const NegotiateDialog = lazy(() => import('./negotiate-dialog'));
const AcceptCounterDialog = lazy(() => import('./accept-counter-dialog'));

const newestFirst = (a: Offer, b: Offer) => b.createdAt.localeCompare(a.createdAt);

function OfferList({ title, offers, empty, render }: { title: string; offers: Offer[]; empty: string; render: (o: Offer) => React.ReactNode }) {
  return (
    <section className="space-y-2" aria-label={title}>
      <h3 className="text-sm font-semibold uppercase tracking-wide text-slate-500">
        {title} <span className="font-normal">({offers.length})</span>
      </h3>
      {offers.length === 0 ? <p className="rounded-lg bg-slate-50 p-4 text-center text-sm text-slate-600">{empty}</p> : offers.map(render)}
    </section>
  );
}

/** SPEC section 2: the queue-jump offers section of My Appointments, incoming and outgoing. */
export function OffersSection({ userId }: { userId: number }) {
  const offers = useOffers(userId);
  const answers = useOfferAnswers();
  const [countering, setCountering] = useState<Offer | null>(null);
  const [toppingUp, setToppingUp] = useState<{ offer: Offer; cents: number } | null>(null);

  const acceptCounter = (offer: Offer) => {
    const cents = viewerPays(offer) && offer.paymentMethod === 'cash' ? topUpCents(offer, toCents(offer.currentAmount) ?? 0) : 0;
    if (cents > 0) setToppingUp({ offer, cents });
    else void answers.acceptCounter(offer);
  };
  const render = (offer: Offer) => (
    <OfferCard
      key={offer.id}
      offer={offer}
      handlers={{
        busy: answers.busy,
        onAccept: () => answers.accept(offer),
        onAcceptCounter: () => acceptCounter(offer),
        onDecline: () => answers.decline(offer),
        onCounter: () => setCountering(offer),
        onCancel: () => answers.cancel(offer),
      }}
    />
  );

  let body: React.ReactNode;
  if (offers.isLoading) {
    body = (
      <div className="space-y-2" aria-busy="true" aria-label="Loading offers">
        <Skeleton className="h-32" />
        <Skeleton className="h-32" />
      </div>
    );
  } else if (offers.error) {
    body = <ErrorState title="Failed to load offers" message={errorMessage(offers.error, '')} onRetry={() => void offers.refetch()} />;
  } else if ((offers.data ?? []).length === 0) {
    body = <EmptyState title="No queue-jump offers yet" description="Offers you make or receive to swap appointment times show up here." />;
  } else {
    const all = [...(offers.data ?? [])].sort(newestFirst);
    body = (
      <div className="space-y-5">
        <OfferList title="Incoming" offers={all.filter((o) => o.direction === 'incoming')} empty="No incoming offers." render={render} />
        <OfferList title="Outgoing" offers={all.filter((o) => o.direction === 'outgoing')} empty="No outgoing offers." render={render} />
      </div>
    );
  }

  return (
    <section aria-labelledby="offers-title" className="space-y-3">
      <h2 id="offers-title" className="text-lg font-semibold">
        Queue-Jump Offers
      </h2>
      {body}
      <Suspense fallback={null}>
        {countering && <NegotiateDialog key={countering.id} offer={countering} onClose={() => setCountering(null)} />}
        {toppingUp && <AcceptCounterDialog offer={toppingUp.offer} topUpCents={toppingUp.cents} onAccept={(id) => answers.acceptCounter(toppingUp.offer, id)} onClose={() => setToppingUp(null)} />}
      </Suspense>
    </section>
  );
}
