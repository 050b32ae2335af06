// What the payments feature offers the rest of the app (decision 0017).
export type { PaymentProcessor } from './payment-processor.js';
export { paymentJobs } from './payment-jobs.js';
export { paymentsRoutes } from './payments.routes.js';
export { stripeWebhookRoutes } from './stripe-webhook.routes.js';
export { refreshIntentFromProcessor } from './payments.service.js';
export { releaseRefusedIntent } from './release-card-holds.js';
export { createPaymentProcessor } from './processors.js';
