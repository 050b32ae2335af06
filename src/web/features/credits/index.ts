// What the credits feature offers routes and other features (decision 0017).
export { checkCreditBalance } from './api/deduct-credits';
export { useCredits } from './api/get-credits';
export { CreditBalanceCard } from './components/credit-balance-card';
