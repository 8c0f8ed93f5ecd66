import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createTestI18n } from '../../../testing/i18n';
import { ConfirmDialog } from './ConfirmDialog';

describe('ConfirmDialog', () => {
  it('the confirm button keeps the keyboard focus while busy, and confirms once', async () => {
    const i18n = await createTestI18n('de');
    const user = userEvent.setup();
    let confirmed = 0;
    const dialog = (busy: boolean) => (
      <I18nextProvider i18n={i18n}>
        <ConfirmDialog
          open
          onOpenChange={() => {}}
          title="Gerät löschen?"
          description="Das kann nicht rückgängig gemacht werden."
          confirmLabel="Löschen"
          busy={busy}
          onConfirm={() => confirmed++}
        />
      </I18nextProvider>
    );
    const { rerender } = render(dialog(false));
    const confirm = screen.getByRole('button', { name: 'Löschen' });
    confirm.focus();
    await user.keyboard('{Enter}');
    expect(confirmed).toBe(1);
    // Busy: not `disabled`, which drops the focus to the page behind the dialog.
    rerender(dialog(true));
    const saving = screen.getByRole('button', { name: 'Wird gespeichert …' });
    expect(saving).toBe(confirm);
    expect(saving).toHaveFocus();
    expect(saving).toHaveAttribute('aria-disabled', 'true');
    await user.keyboard('{Enter}');
    expect(confirmed).toBe(1);
  });
});
