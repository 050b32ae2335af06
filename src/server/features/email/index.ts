// What the email feature offers the rest of the app (decision 0017).
export { emailTasks, smtpSender } from './email-worker.js';
/** The change log's follower (decision 0029): the e-mail a change sends. */
export { changeEmail as emailFollowsChange } from './email-outbox.repository.js';
