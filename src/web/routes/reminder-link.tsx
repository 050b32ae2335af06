import { useParams } from 'react-router';
import { ReminderLinkPage } from '@/features/reminders';
import { useDocumentTitle } from '@/lib/document-title';

/** /reminder-link/:token: a reminder e-mail's confirm, cancel or reschedule link (no sign-in needed). */
export default function ReminderLinkRoute() {
  useDocumentTitle(['Your appointment']);
  const { token = '' } = useParams();
  return <ReminderLinkPage token={token} />;
}
