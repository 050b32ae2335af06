// What the payments feature offers other features (decision 0017): the card form and paying for an offer.
export { PaymentMethodFields } from './components/payment-method-fields';
export { isInsufficientCredit, type PaymentMethod, toastInsufficientCredit, useOfferPayment } from './hooks/use-offer-payment';
