import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Review } from '@contract/reviews';
import { expectToast, renderApp } from '@/test/render';
import { apiError, http, HttpResponse, recorder, server } from '@/test/server';
import { BusinessReviews } from './business-reviews';
import { OwnerReviews } from './owner-reviews';

// The owner's Reviews tab: reply once, edit within 24 hours, report; and the public list's pages.

const business = { id: 5, ratingAverage: 4.5, ratingCount: 2 };
const review = (over: Partial<Review> = {}): Review => ({
  id: 1, businessId: 5, appointmentId: 10, rating: 2, text: 'Late start', createdAt: new Date().toISOString(), author: 'Anna K.',
  serviceName: 'Haircut', visitDate: '2026-11-20', reply: null, reportedByMe: false, ...over,
});

function answerReviews(reviews: Review[]) {
  const replies = recorder<{ text: string }>();
  const reports = recorder<{ reason: string }>();
  server.use(
    http.get('/api/businesses/5/reviews', () => HttpResponse.json(reviews)),
    http.post('/api/reviews/:id/reply', async ({ request, params }) => {
      const { text } = await replies.take(request);
      const i = reviews.findIndex((r) => r.id === Number(params.id));
      const first = reviews[i].reply === null;
      reviews[i] = { ...reviews[i], reply: { text, repliedAt: reviews[i].reply?.repliedAt ?? new Date().toISOString(), editedAt: first ? null : new Date().toISOString() } };
      return HttpResponse.json(reviews[i], { status: first ? 201 : 200 });
    }),
    http.post('/api/reviews/:id/report', async ({ request, params }) => {
      const { reason } = await reports.take(request);
      const i = reviews.findIndex((r) => r.id === Number(params.id));
      reviews[i] = { ...reviews[i], reportedByMe: true };
      return HttpResponse.json({ id: 1, reviewId: reviews[i].id, reason, createdAt: new Date().toISOString() }, { status: 201 });
    }),
  );
  return { replies, reports };
}

describe('the owner’s reviews', () => {
  it('replies, then edits the reply, then reports; the reply shows under the review', async () => {
    const { replies, reports } = answerReviews([review()]);
    const { user } = renderApp(<OwnerReviews business={business} />);
    const item = await screen.findByTestId('review');
    expect(item).toHaveTextContent('Anna K.');
    await user.click(within(item).getByRole('button', { name: 'Reply' }));
    await user.click(within(item).getByRole('button', { name: 'Post reply' }));
    expect(within(item).getByRole('alert')).toHaveTextContent('Write a reply first.');
    await user.type(within(item).getByLabelText('Your reply'), 'Sorry about the wait');
    await user.click(within(item).getByRole('button', { name: 'Post reply' }));
    await expectToast('Reply posted');
    await waitFor(() => expect(within(screen.getByTestId('review')).getByTestId('review-reply')).toHaveTextContent('Sorry about the wait'));

    await user.click(within(screen.getByTestId('review')).getByRole('button', { name: 'Edit reply' }));
    const box = within(screen.getByTestId('review')).getByLabelText('Edit your reply');
    expect(box).toHaveValue('Sorry about the wait');
    await user.type(box, '!');
    await user.click(within(screen.getByTestId('review')).getByRole('button', { name: 'Save reply' }));
    await expectToast('Reply updated');
    expect(replies.bodies).toEqual([{ text: 'Sorry about the wait' }, { text: 'Sorry about the wait!' }]);
    await waitFor(() => expect(screen.getByTestId('review-reply')).toHaveTextContent('(edited)'));

    await user.click(within(screen.getByTestId('review')).getByRole('button', { name: 'Report' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report this review' });
    await user.type(within(dialog).getByLabelText(/Reason/), 'Never came in');
    await user.click(within(dialog).getByRole('button', { name: 'Report review' }));
    await expectToast('Review reported');
    expect(reports.bodies).toEqual([{ reason: 'Never came in' }]);
    await waitFor(() => expect(within(screen.getByTestId('review')).getByText('Reported')).toBeInTheDocument());
  });

  it('offers no edit once 24 hours have passed; a refused reply says why', async () => {
    const old = new Date(Date.now() - 25 * 3_600_000).toISOString();
    answerReviews([review({ id: 2, reply: { text: 'Thanks', repliedAt: old, editedAt: null } }), review({ id: 3, author: 'Boris G.' })]);
    server.use(http.post('/api/reviews/3/reply', () => apiError(403, 'Only the owner of this business can do this', 'FORBIDDEN')));
    const { user } = renderApp(<OwnerReviews business={business} />);
    const [replied, open] = await screen.findAllByTestId('review');
    expect(within(replied).queryByRole('button', { name: 'Edit reply' })).not.toBeInTheDocument();
    await user.click(within(open).getByRole('button', { name: 'Reply' }));
    await user.type(within(open).getByLabelText('Your reply'), 'Hello');
    await user.click(within(open).getByRole('button', { name: 'Post reply' }));
    expect(await within(open).findByRole('alert')).toHaveTextContent('Only the owner of this business can do this');
  });

  it('says "No reviews yet" without reviews; the public list pages with Show more', async () => {
    server.use(http.get('/api/businesses/5/reviews', () => HttpResponse.json([])));
    const empty = renderApp(<BusinessReviews business={{ id: 5, ratingAverage: null, ratingCount: 0 }} />);
    expect(await screen.findByText('No reviews yet')).toBeInTheDocument();
    expect(screen.getByText('New')).toBeInTheDocument();
    empty.unmount();

    server.use(
      http.get('/api/businesses/5/reviews', ({ request }) =>
        new URL(request.url).searchParams.get('cursor')
          ? HttpResponse.json([review({ id: 8, author: 'Cher' })])
          : HttpResponse.json([review({ id: 9, author: 'Anna K.', reply: { text: 'Thank you!', repliedAt: new Date().toISOString(), editedAt: null } })], { headers: { link: '</api/businesses/5/reviews?limit=5&cursor=abc>; rel="next"' } }),
      ),
    );
    const { user } = renderApp(<BusinessReviews business={business} />);
    expect(await screen.findByTestId('review-reply')).toHaveTextContent('Thank you!');
    expect(screen.queryByRole('button', { name: 'Reply' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show more reviews' }));
    await waitFor(() => expect(screen.getAllByTestId('review')).toHaveLength(2));
    expect(screen.queryByRole('button', { name: 'Show more reviews' })).not.toBeInTheDocument();
    // Each review says it is of a real visit (issue 27).
    for (const item of screen.getAllByTestId('review')) expect(within(item).getByTestId('review-verified')).toHaveTextContent('Verified visit');
  });
});
