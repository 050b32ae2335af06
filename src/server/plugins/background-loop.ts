import type { FastifyInstance } from 'fastify';

export interface BackgroundLoop {
  /** Named in the warning a failed round logs. */
  name: string;
  everyMs: number;
  /** One round of work; `open()` turns false once the app is closing (a long round stops between batches). */
  round: (open: () => boolean) => Promise<unknown>;
  /** Also run a round as soon as the app is ready, not only after the first interval. */
  atStart?: boolean;
  /** After the last round has finished, when the app closes (e.g. an SMTP connection). */
  afterClose?: () => void;
}

/**
 * Runs background work while the app runs, the same way for every sweep and worker: one round at a
 * time (a round still under way when the timer fires is not doubled), a failed round logged as a
 * warning and tried again next time, a timer that never keeps the process alive, and closing that
 * waits for a round under way, since the database closes after the app.
 */
export function runInBackground(app: FastifyInstance, loop: BackgroundLoop): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let closing = false;
  const open = () => !closing;
  const tick = () => {
    if (running || closing) return;
    running = loop
      .round(open)
      .then(
        () => undefined,
        (err: unknown) => app.log.warn({ err }, `${loop.name} failed; it will run again`),
      )
      .finally(() => {
        running = null;
      });
  };
  app.addHook('onReady', async () => {
    if (loop.atStart) tick();
    timer = setInterval(tick, loop.everyMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    closing = true;
    clearInterval(timer);
    await running;
    loop.afterClose?.();
  });
}
