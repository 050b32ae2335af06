/** Sends the browser to another site (Stripe's hosted forms); a module of its own so component tests can see where. */
export const leavePage = (url: string) => window.location.assign(url);
