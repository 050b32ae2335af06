// What the reviews feature offers routes and other features (decision 0017).
export { BusinessReviews } from './components/business-reviews';
export { OwnerReviews } from './components/owner-reviews';
export { RatingSummary } from './components/rating-summary';
export { ReviewDialog } from './components/review-dialog';
export { Stars } from './components/stars';
