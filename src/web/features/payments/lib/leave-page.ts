/**
 * Sends the browser to another site (Stripe's hosted forms). A method of an object, so component
 * tests can spy on where it goes (jsdom cannot navigate away; the web tests share one module graph,
 * so replacing the module itself would not reach screens already loaded).
 */
export const browserNavigation = {
  leave(url: string) {
    window.location.assign(url);
  },
};
