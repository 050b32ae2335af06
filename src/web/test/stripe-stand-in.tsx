import { useEffect, type ReactNode } from 'react';
import { type Mock, vi } from 'vitest';

// Stripe's browser packages stood in for in component tests (the Payment Element itself is Stripe's
// iframe). The web tests run without isolation (vitest.config.ts: isolate false), so the first test
// file to mock '@stripe/react-stripe-js' in a worker fixes the module every later file gets: two files
// with stand-ins of their own each saw the other's spies (card-on-file-setup.test.tsx failed so in CI).
// Both mocks here read the stand-in the running file made current, so the order of files is moot.

export interface StripeStandIn {
  confirmPayment: Mock<(...args: unknown[]) => unknown>;
  confirmSetup: Mock<(...args: unknown[]) => unknown>;
  elements: { update: Mock<(...args: unknown[]) => unknown>; submit: Mock<(...args: unknown[]) => unknown> };
  loadStripe: Mock<(...args: unknown[]) => unknown>;
  /** Payment Elements mounted and unmounted since the file's last reset. */
  mounted: number;
  unmounted: number;
}

export function newStripeStandIn(): StripeStandIn {
  return { confirmPayment: vi.fn(), confirmSetup: vi.fn(), elements: { update: vi.fn(), submit: vi.fn() }, loadStripe: vi.fn(), mounted: 0, unmounted: 0 };
}

const holder = globalThis as { queStripeStandIn?: StripeStandIn };
const current = (): StripeStandIn => {
  if (!holder.queStripeStandIn) throw new Error('no Stripe stand-in: call useStripeStandIn in beforeEach');
  return holder.queStripeStandIn;
};

/** Makes `stripe` the one the mocked packages answer with (call in the test file's beforeEach). */
export function useStripeStandIn(stripe: StripeStandIn) {
  holder.queStripeStandIn = stripe;
}

/** The stand-in for '@stripe/stripe-js/pure'. */
export const stripeJsStandIn = { loadStripe: (...args: unknown[]) => current().loadStripe(...args) };

function PaymentElement() {
  useEffect(() => {
    const stripe = current();
    stripe.mounted += 1;
    return () => {
      stripe.unmounted += 1;
    };
  }, []);
  return <div data-testid="payment-element" />;
}

/** The stand-in for '@stripe/react-stripe-js'. */
export const reactStripeStandIn = {
  Elements: ({ children, options }: { children: ReactNode; options: Record<string, unknown> }) => (
    <div data-testid="stripe-elements" data-options={JSON.stringify(options)}>
      {children}
    </div>
  ),
  PaymentElement,
  useStripe: () => ({ confirmPayment: current().confirmPayment, confirmSetup: current().confirmSetup }),
  useElements: () => current().elements,
};
