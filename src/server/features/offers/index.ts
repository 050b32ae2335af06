// What the offers feature offers the rest of the app (decision 0017).
export { offerJobs } from './offer-jobs.js';
export { offersRoutes } from './offers.routes.js';
export { escrowOverview } from './offers.service.js';
/** The change log's follower (decision 0029): offer_changed pushes. */
export { offerChangePushes as offersFollowChange } from './offers.repository.js';
