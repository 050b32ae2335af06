// What the email feature offers the rest of the app (decision 0017).
export { smtpSender, startEmailWorker } from './email-worker.js';
