// What the reviews feature offers routes and other features (decision 0017).
export { RatingSummary } from './components/rating-summary';
