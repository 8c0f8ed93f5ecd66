import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestI18n } from '../../testing/i18n';
import { mountUpdatePromptWhenReady } from './mount-update-prompt';
import { pwaState } from './pwa-state';
import { UpdatePrompt } from './UpdatePrompt';

afterEach(() => {
  act(() => pwaState.reset());
  document.getElementById('arcadia-update-prompt')?.remove();
  vi.unstubAllGlobals();
});

async function renderPrompt(lang: 'de' | 'en') {
  const i18n = await createTestI18n(lang);
  return render(
    <I18nextProvider i18n={i18n}>
      <UpdatePrompt />
    </I18nextProvider>,
  );
}

describe('the update prompt', () => {
  it('shows only while a new version waits: "Neue Version verfügbar – Neu laden"', async () => {
    await renderPrompt('de');
    expect(screen.queryByRole('status')).toBeNull();
    act(() => pwaState.set({ updateReady: true }));
    expect(screen.getByRole('status')).toHaveTextContent('Neue Version verfügbar');
    expect(screen.getByRole('button', { name: 'Neu laden' })).toBeVisible();
  });

  it('in English too, and "Later" hides it', async () => {
    const user = userEvent.setup();
    await renderPrompt('en');
    act(() => pwaState.set({ updateReady: true }));
    expect(screen.getByRole('status')).toHaveTextContent('New version available');
    await user.click(screen.getByRole('button', { name: 'Later' }));
    expect(screen.queryByRole('status')).toBeNull();
    expect(pwaState.get().updateReady).toBe(false);
  });

  it('"Reload" reloads into the new version', async () => {
    const user = userEvent.setup();
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    await renderPrompt('de');
    act(() => pwaState.set({ updateReady: true }));
    await user.click(screen.getByRole('button', { name: 'Neu laden' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('mounts itself the first time an update waits, once', () => {
    const stop = mountUpdatePromptWhenReady();
    expect(document.getElementById('arcadia-update-prompt')).toBeNull();
    act(() => pwaState.set({ updateReady: true }));
    act(() => pwaState.set({ updateReady: false }));
    act(() => pwaState.set({ updateReady: true }));
    expect(document.querySelectorAll('#arcadia-update-prompt')).toHaveLength(1);
    stop();
  });
});
