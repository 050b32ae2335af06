// What the credits feature offers the rest of the app (decision 0017).
export { creditsRoutes } from './credits.routes.js';
export { creditBalanceCents } from './credits.service.js';
