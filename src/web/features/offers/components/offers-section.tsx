import { lazy, Suspense, useState } from 'react';
import type { Offer } from '@contract/offers';
import { toCents } from '@contract/money';
import { EmptyState, Skeleton } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { ShowMore } from '@/components/ui/show-more';
import { errorMessage } from '@/lib/api-client';
import { loadedItems } from '@/lib/paged-query';
import { useOffers } from '../api/get-offers';
import { useOfferAnswers } from '../hooks/use-offer-answers';
import { topUpCents, viewerPays } from '../lib/offer-display';
import { OfferCard } from './offer-card';

const NegotiateDialog = lazy(() => import('./negotiate-dialog'));
const AcceptOfferDialog = lazy(() => import('./accept-offer-dialog'));

const newestFirst = (a: Offer, b: Offer) => b.createdAt.localeCompare(a.createdAt);

function OfferList({ title, offers, more, empty, render }: { title: string; offers: Offer[]; more: boolean; empty: string; render: (o: Offer) => React.ReactNode }) {
  return (
    <section className="space-y-2" aria-label={title}>
      <h3 className="text-sm font-semibold uppercase tracking-wide text-slate-500">
        {title} <span className="font-normal">({offers.length}{more ? '+' : ''})</span>
      </h3>
      {offers.length === 0 ? <p className="rounded-lg bg-slate-50 p-4 text-center text-sm text-slate-600">{empty}</p> : offers.map(render)}
    </section>
  );
}

/**
 * SPEC section 2: the queue-jump offers section of My Appointments, incoming and outgoing, newest
 * first a page at a time (live offers are the newest: an offer lives a day at most); older on "Show more".
 */
export function OffersSection({ userId }: { userId: number }) {
  const offers = useOffers(userId);
  const answers = useOfferAnswers();
  const [countering, setCountering] = useState<Offer | null>(null);
  // Accepting binds both customers and swaps at once: it is confirmed in a dialog first.
  const [accepting, setAccepting] = useState<Offer | null>(null);
  const topUpFor = (offer: Offer) => (viewerPays(offer) && offer.paymentMethod === 'cash' ? topUpCents(offer, toCents(offer.currentAmount) ?? 0) : 0);
  const render = (offer: Offer) => (
    <OfferCard
      key={offer.id}
      offer={offer}
      handlers={{
        busy: answers.busy,
        onAccept: () => setAccepting(offer),
        onAcceptCounter: () => setAccepting(offer),
        onDecline: () => answers.decline(offer),
        onCounter: () => setCountering(offer),
        onCancel: () => answers.cancel(offer),
      }}
    />
  );

  let body: React.ReactNode;
  if (offers.isLoading) {
    body = (
      <div className="space-y-2" role="status" aria-busy="true" aria-label="Loading offers">
        <Skeleton className="h-32" />
        <Skeleton className="h-32" />
      </div>
    );
  } else if (offers.error && !offers.isFetchNextPageError) {
    body = <ErrorState title="Failed to load offers" message={errorMessage(offers.error, '')} onRetry={() => void offers.refetch()} />;
  } else if (loadedItems(offers.data).length === 0) {
    body = <EmptyState title="No queue-jump offers yet" description="Offers you make or receive to swap appointment times show up here." />;
  } else {
    const all = loadedItems(offers.data).sort(newestFirst);
    body = (
      <div className="space-y-5">
        <OfferList title="Incoming" offers={all.filter((o) => o.direction === 'incoming')} more={offers.hasNextPage} empty="No incoming offers." render={render} />
        <OfferList title="Outgoing" offers={all.filter((o) => o.direction === 'outgoing')} more={offers.hasNextPage} empty="No outgoing offers." render={render} />
        <ShowMore query={offers} label="Show more offers" />
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
        {accepting && (
          <AcceptOfferDialog
            key={accepting.id}
            offer={accepting}
            counter={accepting.actions.acceptCounter}
            topUpCents={topUpFor(accepting)}
            onAccept={(paymentIntentId) => (accepting.actions.acceptCounter ? answers.acceptCounter(accepting, paymentIntentId) : answers.accept(accepting))}
            onClose={() => setAccepting(null)}
          />
        )}
      </Suspense>
    </section>
  );
}
