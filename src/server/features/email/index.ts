// What the email feature offers the rest of the app (decision 0017).
export { emailTasks, smtpSender } from './email-worker.js';
