// What the services feature offers the rest of the app (decision 0017).
export { servicesRoutes } from './services.routes.js';
export { createService } from './services.service.js';
