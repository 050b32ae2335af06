// What the ledger feature offers the rest of the app (decision 0017). Money moves in SQL functions
// (que_ledger_transfer, que_ledger_resolve, que_offer_hold…); this side only reads.
export { accountMovements, type AccountMovement, type MovementStatus } from './ledger-history.js';
export { type AccountKey, type AccountRow, type Asset, findAccountByKey, unresolvedHoldsOfOffer } from './ledger.repository.js';
export { AccountKind } from './ledger.service.js';
