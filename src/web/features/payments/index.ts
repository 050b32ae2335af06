// What the payments feature offers other features (decision 0017): the card form, paying for an offer, and payouts.
export { usePaymentConfig } from './api/get-payment-config';
export { BookingPayment } from './components/booking-payment';
export { PaymentMethodFields } from './components/payment-method-fields';
export { type BookingCard, useBookingCard } from './hooks/use-booking-card';
export type { StripeCardSlot } from './lib/stripe-card';
export { goToPayoutSetup, PayoutAccountsCard } from './components/payout-accounts';
export { isInsufficientCredit, type PaymentMethod, toastInsufficientCredit, useOfferPayment } from './hooks/use-offer-payment';
