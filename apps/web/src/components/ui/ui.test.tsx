import { useState } from 'react';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import type { i18n } from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestI18n } from '../../testing/i18n';
import {
  Button,
  Checkbox,
  Dialog,
  DialogClose,
  ErrorState,
  Spinner,
  TextField,
  Toaster,
  clearToasts,
  restorePersistedToasts,
  toast,
} from './index';
import { getToasts } from './toast-store';

let i18n: i18n;
beforeAll(async () => {
  i18n = await createTestI18n('de');
});
afterEach(() => clearToasts());

function DialogHarness() {
  const [open, setOpen] = useState(false);
  return (
    <I18nextProvider i18n={i18n}>
      <Button onClick={() => setOpen(true)}>Öffnen</Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="Profil löschen"
        description="Wirklich?"
        footer={
          <DialogClose>
            <Button variant="secondary">Abbrechen</Button>
          </DialogClose>
        }
      />
    </I18nextProvider>
  );
}

describe('Dialog', () => {
  it('opens with its title and body; cancel hides it', async () => {
    const user = userEvent.setup();
    render(<DialogHarness />);
    const opener = screen.getByRole('button', { name: 'Öffnen' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Profil löschen' });
    expect(dialog).toHaveAccessibleDescription('Wirklich?');
    await user.click(screen.getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('a click on the backdrop hides it', async () => {
    const user = userEvent.setup();
    render(<DialogHarness />);
    await user.click(screen.getByRole('button', { name: 'Öffnen' }));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.click(screen.getByTestId('dialog-backdrop'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('Escape hides it', async () => {
    const user = userEvent.setup();
    render(<DialogHarness />);
    await user.click(screen.getByRole('button', { name: 'Öffnen' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("the browser's Back hides it and gives focus back, the page staying", async () => {
    const user = userEvent.setup();
    render(<DialogHarness />);
    const opener = screen.getByRole('button', { name: 'Öffnen' });
    await user.click(opener);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    const popped = new Promise((resolve) =>
      window.addEventListener('popstate', resolve, { once: true }),
    );
    act(() => window.history.back());
    await popped;
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(opener).toHaveFocus();
  });

  it('gives focus back to the button that opened it: Escape, cancel (WCAG 2.4.3)', async () => {
    const user = userEvent.setup();
    render(<DialogHarness />);
    const opener = screen.getByRole('button', { name: 'Öffnen' });
    await user.tab();
    expect(opener).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(opener).toHaveFocus();
    await user.keyboard('{Enter}');
    await user.click(await screen.findByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(opener).toHaveFocus();
  });

  it('when what opened it is gone (the change removed it), gives focus to the main content, not the page top', async () => {
    function Gone() {
      const [open, setOpen] = useState(false);
      const [done, setDone] = useState(false);
      return (
        <I18nextProvider i18n={i18n}>
          <main id="main" tabIndex={-1}>
            {!done && <Button onClick={() => setOpen(true)}>Zuordnen</Button>}
            <Dialog
              open={open}
              onOpenChange={setOpen}
              title="Ergebnis zuordnen"
              footer={
                <Button
                  onClick={() => {
                    setDone(true);
                    setOpen(false);
                  }}
                >
                  Speichern
                </Button>
              }
            />
          </main>
        </I18nextProvider>
      );
    }
    const user = userEvent.setup();
    render(<Gone />);
    await user.click(screen.getByRole('button', { name: 'Zuordnen' }));
    await user.click(await screen.findByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('main')).toHaveFocus();
  });

  it('when what opened it goes a moment after it closed (the list reloads), the focus goes to the main content', async () => {
    function Later() {
      const [open, setOpen] = useState(false);
      const [done, setDone] = useState(false);
      return (
        <I18nextProvider i18n={i18n}>
          <main id="main" tabIndex={-1}>
            {!done && <Button onClick={() => setOpen(true)}>Abmelden</Button>}
            <Dialog
              open={open}
              onOpenChange={setOpen}
              title="Vom Gerät abmelden?"
              footer={
                <Button
                  onClick={() => {
                    setOpen(false);
                    // The change lands after the dialog has closed and given the focus back.
                    setTimeout(() => setDone(true), 50);
                  }}
                >
                  Abmelden bestätigen
                </Button>
              }
            />
          </main>
        </I18nextProvider>
      );
    }
    const user = userEvent.setup();
    render(<Later />);
    const opener = screen.getByRole('button', { name: 'Abmelden' });
    await user.click(opener);
    await user.click(await screen.findByRole('button', { name: 'Abmelden bestätigen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(opener).toHaveFocus();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Abmelden' })).toBeNull());
    await waitFor(() => expect(screen.getByRole('main')).toHaveFocus());
  });

  it('gives the focus where it is told to on closing, instead of the opener', async () => {
    function Told() {
      const [open, setOpen] = useState(false);
      return (
        <I18nextProvider i18n={i18n}>
          <Button onClick={() => setOpen(true)}>Öffnen</Button>
          <Button id="next">Neues Gerät</Button>
          <Dialog
            open={open}
            onOpenChange={setOpen}
            title="Schlüssel"
            returnFocus={() => document.getElementById('next')}
          />
        </I18nextProvider>
      );
    }
    const user = userEvent.setup();
    render(<Told />);
    await user.click(screen.getByRole('button', { name: 'Öffnen' }));
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Neues Gerät' })).toHaveFocus();
  });

  it('one that must not vanish by a slip closes only by its own buttons', async () => {
    function Kept() {
      const [open, setOpen] = useState(true);
      return (
        <I18nextProvider i18n={i18n}>
          <Dialog
            dismissible={false}
            open={open}
            onOpenChange={setOpen}
            title="Schlüssel"
            footer={
              <DialogClose>
                <Button>Fertig</Button>
              </DialogClose>
            }
          />
        </I18nextProvider>
      );
    }
    const user = userEvent.setup();
    render(<Kept />);
    await user.keyboard('{Escape}');
    await user.click(screen.getByTestId('dialog-backdrop'));
    expect(screen.getByRole('dialog', { name: 'Schlüssel' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Schließen' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Fertig' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('Toast', () => {
  it('toast() from outside React shows a message in the mounted Toaster', async () => {
    render(
      <I18nextProvider i18n={i18n}>
        <Toaster />
      </I18nextProvider>,
    );
    act(() => {
      toast({ title: 'Friend added', variant: 'success' });
    });
    expect(await screen.findByText('Friend added')).toBeInTheDocument();
  });
});

describe('toasts kept across a reload', () => {
  it('a persist toast is shown again on the next load of the app; others are not', () => {
    toast({ title: 'Success', variant: 'success', persist: true });
    toast({ title: 'Nur jetzt' });
    window.dispatchEvent(new Event('pagehide'));
    clearToasts();
    restorePersistedToasts();
    expect(getToasts().map((t) => t.title)).toEqual(['Success']);
    // only once
    clearToasts();
    restorePersistedToasts();
    expect(getToasts()).toEqual([]);
  });
});

describe('fields and states', () => {
  it('a text field names its input and describes it with the error', () => {
    render(<TextField label="*eMail:" error="Ungültige eMail" defaultValue="x" />);
    const input = screen.getByLabelText('*eMail:');
    expect(input).toBeInvalid();
    expect(input).toHaveAccessibleDescription('Ungültige eMail');
  });

  it('a valid field is not marked invalid and has no description', () => {
    render(<TextField label="Instagram:" />);
    const input = screen.getByLabelText('Instagram:');
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).not.toHaveAttribute('aria-describedby');
  });

  it('a checkbox is labelled and toggles', async () => {
    const user = userEvent.setup();
    render(<Checkbox label="Marketing Mails:" error="Pflicht" />);
    const box = screen.getByRole('checkbox', { name: 'Marketing Mails:' });
    expect(box).toHaveAccessibleDescription('Pflicht');
    await user.click(box);
    expect(box).toBeChecked();
  });

  it('the spinner is a status with a German label by default', () => {
    render(
      <I18nextProvider i18n={i18n}>
        <Spinner />
      </I18nextProvider>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Lädt …');
  });

  it('the error state calls retry', async () => {
    const user = userEvent.setup();
    let retried = 0;
    render(
      <I18nextProvider i18n={i18n}>
        <ErrorState message="Kaputt" onRetry={() => (retried += 1)} />
      </I18nextProvider>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Kaputt');
    await user.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    expect(retried).toBe(1);
  });

  it('offline, the error state says so and tries again once the network is back', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      let retried = 0;
      render(
        <I18nextProvider i18n={i18n}>
          <ErrorState message="Kaputt" onRetry={() => (retried += 1)} />
          <ErrorState title="Diesen Spieler gibt es nicht" />
        </I18nextProvider>,
      );
      const [retryable, final] = screen.getAllByRole('alert');
      expect(retryable).toHaveTextContent('Keine Verbindung');
      expect(retryable).toHaveTextContent('Du bist gerade offline.');
      expect(retryable).not.toHaveTextContent('Kaputt');
      // An answer no network changes (no retry) keeps its words.
      expect(final).toHaveTextContent('Diesen Spieler gibt es nicht');
      expect(retried).toBe(0);

      onLine.mockReturnValue(true);
      act(() => void window.dispatchEvent(new Event('online')));
      expect(retried).toBe(1);
      expect(retryable).toHaveTextContent('Kaputt');
    } finally {
      onLine.mockRestore();
    }
  });
});

describe('a busy button', () => {
  it('keeps the keyboard focus, and neither acts nor submits its form while busy', async () => {
    const user = userEvent.setup();
    const pressed: string[] = [];
    function Harness({ busy }: { busy: boolean }) {
      return (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            pressed.push('submit');
          }}
        >
          <TextField label="Name" name="name" />
          <Button type="submit" busy={busy} onClick={() => pressed.push('click')}>
            Speichern
          </Button>
        </form>
      );
    }
    const { rerender } = render(<Harness busy={false} />);
    const save = screen.getByRole('button', { name: 'Speichern' });
    save.focus();
    await user.keyboard('{Enter}');
    expect(pressed).toEqual(['click', 'submit']);

    rerender(<Harness busy />);
    expect(save).toHaveFocus();
    expect(save).toBeEnabled();
    expect(save).toHaveAttribute('aria-disabled', 'true');
    expect(save).toHaveAttribute('aria-busy', 'true');
    await user.keyboard('{Enter}');
    await user.type(screen.getByLabelText('Name'), 'x{Enter}');
    expect(pressed).toEqual(['click', 'submit']);

    rerender(<Harness busy={false} />);
    expect(save).not.toHaveAttribute('aria-disabled');
    expect(save).not.toHaveAttribute('aria-busy');
  });
});
