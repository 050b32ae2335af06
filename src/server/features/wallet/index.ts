// What the wallet feature offers the rest of the app (decision 0017).
export { walletRoutes } from './wallet.routes.js';
