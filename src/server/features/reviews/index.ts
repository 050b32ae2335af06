// What the reviews feature offers the rest of the app (decision 0017).
export { reviewsRoutes } from './reviews.routes.js';
