import { onTestFinished, vi } from 'vitest';

/**
 * The visitor's browser languages (navigator.languages, from which the app takes the phone region) for
 * the rest of the test, as a browser set to, say, British English reports them; restored after it, as
 * the component tests share one happy-dom.
 */
export function browserLanguages(...languages: string[]) {
  const spy = vi.spyOn(window.navigator, 'languages', 'get').mockReturnValue(languages);
  onTestFinished(() => spy.mockRestore());
}
