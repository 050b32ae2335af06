import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render';
import { Button } from './button';
import { ConfirmDialog, Dialog } from './dialog';
import { Toaster, toast } from './toast';

// Escape and the toast (issue 18): Radix gives Escape to its newest layer, and a toast raised while a
// dialog is open is newer. The first Escape must still close the dialog; the toast stays to be read.

function DialogRaisingToast({ confirm = false }: { confirm?: boolean }) {
  const [open, setOpen] = useState(false);
  const raise = () => toast({ title: 'Reschedule Failed', description: 'That time was just taken', variant: 'destructive' });
  return (
    <>
      <Button onClick={() => setOpen(true)}>Open</Button>
      {confirm ? (
        <ConfirmDialog open={open} onOpenChange={setOpen} title="Cancel this appointment?" description="It will be cancelled." onConfirm={raise} confirmLabel="Cancel Appointment" />
      ) : (
        <Dialog open={open} onOpenChange={setOpen} title="Reschedule Appointment">
          <Button onClick={raise}>Confirm Reschedule</Button>
        </Dialog>
      )}
      <Toaster />
    </>
  );
}

describe('Escape in a dialog with a toast over it', () => {
  for (const [kind, role, action] of [['a dialog', 'dialog', 'Confirm Reschedule'], ['a confirmation', 'alertdialog', 'Cancel Appointment']] as const) {
    it(`closes ${kind} on the first Escape and leaves the toast`, async () => {
      const { user } = renderApp(<DialogRaisingToast confirm={role === 'alertdialog'} />);
      await user.click(screen.getByRole('button', { name: 'Open' }));
      await screen.findByRole(role);
      await user.click(screen.getByRole('button', { name: action }));
      const shown = await screen.findByTestId('toast');
      expect(shown).toHaveTextContent('Reschedule Failed');

      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole(role)).not.toBeInTheDocument());
      expect(screen.getByTestId('toast')).toHaveAttribute('data-state', 'open');

      // With no dialog left, Escape is the toast's again.
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByTestId('toast')?.getAttribute('data-state') ?? 'closed').toBe('closed'));
    });
  }

  it('a dialog on top of nothing closes on Escape once', async () => {
    let closes = 0;
    function Counting() {
      const [open, setOpen] = useState(true);
      return (
        <Dialog open={open} onOpenChange={(next) => { if (!next) closes++; setOpen(next); }} title="Plain">
          <Button>Inside</Button>
        </Dialog>
      );
    }
    const { user } = renderApp(<Counting />);
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(closes).toBe(1);
  });
});
