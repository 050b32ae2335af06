// What the businesses feature offers the rest of the app (decision 0017).
export { businessesRoutes } from './businesses.routes.js';
export { getBusiness, requireOwnedBusiness } from './businesses.service.js';
export { createRestaurant, createServiceBusiness } from './create-business.js';
export { type BusinessPageEntry, businessPageStarts, listBusinessPages } from './list-business-pages.js';
export { type DiscoveryFilter, discoveryConditions, setSearchThreshold } from './business-listing.repository.js';
export { filterPrint } from './list-businesses.js';
export { refreshEarliest, refreshEarliestOnce } from './next-free-times.repository.js';
export { guardedOwnerChange, lockBusinessRow, requireOneChoice, settleStranded, settleStrandedWith, type StrandSettlement } from './strand-guard.js';
