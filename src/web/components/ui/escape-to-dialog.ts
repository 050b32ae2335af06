// Radix hands Escape to the newest of its layers. A toast raised while a dialog is open (a failed
// reschedule, a live "You're being called!") is newer than the dialog, so the first Escape closed the
// toast and left the dialog open (issue 18). The toast lets an Escape pressed inside a dialog pass, and
// the dialog takes it: the dialog closes, the toast stays to be read and times out as usual.

const passedToDialog = new WeakSet<Event>();

/** A toast's onEscapeKeyDown: an Escape pressed inside a dialog is the dialog's, not the toast's. */
export function passEscapeToDialog(event: KeyboardEvent) {
  if (!(event.target instanceof Element) || !event.target.closest('[role="dialog"], [role="alertdialog"]')) return;
  passedToDialog.add(event);
  event.preventDefault();
}

/**
 * A dialog's keydown: Escape that no layer above it took (a select open inside the dialog takes its own),
 * or that a toast passed on. The dialog's own Radix layer, when it is the top one, closes it first and
 * marks the event handled, so it is not closed twice.
 */
export const isEscapeForDialog = (event: KeyboardEvent) => event.key === 'Escape' && (!event.defaultPrevented || passedToDialog.has(event));
