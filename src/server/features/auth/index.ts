// What the auth feature offers the rest of the app (decision 0017).
export { authRoutes } from './auth.routes.js';
export { authJobs } from './expiry-sweep.js';
export { usernameAvailabilityRoutes } from './username-availability.routes.js';
export { registerUser } from './register-user.js';
export { sharedSessionSecret } from './session-secret.js';
export { findUserBySessionToken } from './sessions.js';
