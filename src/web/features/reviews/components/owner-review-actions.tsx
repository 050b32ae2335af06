import { useState } from 'react';
import type { Review } from '@contract/reviews';
import { replyEditable } from '@contract/reviews';
import { RULES } from '@contract/rules';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Textarea } from '@/components/ui/input';
import { toast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { useReplyToReview, useReportReview } from '../api/reviews';

/** The owner's reply form: the first reply, or its edit while RULES.reviewReplyEditHours have not passed. */
export function ReplyForm({ review, onDone }: { review: Review; onDone: () => void }) {
  const [text, setText] = useState(review.reply?.text ?? '');
  const [error, setError] = useState<string | null>(null);
  const reply = useReplyToReview(review.businessId);
  const id = `reply-${review.id}`;
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!text.trim()) {
      setError('Write a reply first.');
      return;
    }
    reply.mutate(
      { reviewId: review.id, text },
      {
        onSuccess: () => {
          toast({ title: review.reply ? 'Reply updated' : 'Reply posted', description: `It can be edited for ${RULES.reviewReplyEditHours} hours after it was first posted.` });
          onDone();
        },
        onError: (e) => setError(errorMessage(e, 'The reply could not be saved. Please try again.')),
      },
    );
  };
  return (
    <form onSubmit={submit} className="mt-2 space-y-2" noValidate>
      <label htmlFor={id} className="text-sm font-medium text-slate-900">
        {review.reply ? 'Edit your reply' : 'Your reply'}
      </label>
      <Textarea id={id} rows={3} value={text} maxLength={RULES.reviewReplyMax} onChange={(e) => { setText(e.target.value); setError(null); }} aria-describedby={`${id}-count`} />
      <p id={`${id}-count`} className="text-right text-xs text-slate-500">
        {text.length}/{RULES.reviewReplyMax}
      </p>
      {error && (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={reply.isPending}>
          {reply.isPending ? 'Saving…' : review.reply ? 'Save reply' : 'Post reply'}
        </Button>
        <Button type="button" variant="outline" size="sm" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function ReportDialog({ review, open, onClose }: { review: Review; open: boolean; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const report = useReportReview(review.businessId);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    report.mutate(
      { reviewId: review.id, reason },
      {
        onSuccess: () => {
          toast({ title: 'Review reported', description: 'The platform will look at it; it stays visible until then.' });
          onClose();
        },
      },
    );
  };
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()} title="Report this review" description={`${review.author}'s review: tell the platform what is wrong with it.`}>
      <form onSubmit={submit} className="space-y-3" noValidate>
        <label htmlFor={`report-${review.id}`} className="text-sm font-medium text-slate-900">
          Reason <span className="font-normal text-slate-500">(optional)</span>
        </label>
        <Textarea id={`report-${review.id}`} rows={3} value={reason} maxLength={RULES.reviewReportReasonMax} onChange={(e) => setReason(e.target.value)} />
        {report.error && (
          <p role="alert" className="text-sm text-red-600">
            {errorMessage(report.error, 'The report could not be sent. Please try again.')}
          </p>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="destructive" disabled={report.isPending}>
            {report.isPending ? 'Reporting…' : 'Report review'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** Under a review on the owner's dashboard: reply (or edit within 24 h) and report. */
export function OwnerReviewActions({ review, now }: { review: Review; now: Date }) {
  const [replying, setReplying] = useState(false);
  const [reporting, setReporting] = useState(false);
  const canReply = review.reply === null || replyEditable(review.reply.repliedAt, now);
  if (replying) return <ReplyForm review={review} onDone={() => setReplying(false)} />;
  return (
    <div className="flex flex-wrap items-center gap-2 pt-1">
      {canReply && (
        <Button size="sm" variant="outline" onClick={() => setReplying(true)}>
          {review.reply ? 'Edit reply' : 'Reply'}
        </Button>
      )}
      {review.reportedByMe ? (
        <span className="text-sm text-slate-500">Reported</span>
      ) : (
        <Button size="sm" variant="ghost" className="text-red-600 hover:bg-red-50 hover:text-red-700" onClick={() => setReporting(true)}>
          Report
        </Button>
      )}
      <ReportDialog review={review} open={reporting} onClose={() => setReporting(false)} />
    </div>
  );
}
