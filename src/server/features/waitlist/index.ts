// What the waitlist feature offers the rest of the app (decision 0017): its routes, its follower
// of the change log (decision 0029) and its jobs (a hold's lapse, a release's outcome at its start).
export { waitlistRoutes } from './waitlist.routes.js';
export { waitlistFollowsChange } from './waitlist-follows-change.js';
export { waitlistJobs } from './waitlist-jobs.js';
