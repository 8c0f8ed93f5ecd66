import { createRoot } from 'react-dom/client';
import { pwaState } from './pwa-state';
import { UpdatePrompt } from './UpdatePrompt';

/**
 * Renders the update prompt into a root of its own the first time a new version waits, so the
 * prompt needs nothing from the app shell (only i18next, which the app has started by then).
 */
export function mountUpdatePromptWhenReady(): () => void {
  let mounted = false;
  const unsubscribe = pwaState.subscribe(() => {
    if (mounted || !pwaState.get().updateReady) return;
    mounted = true;
    unsubscribe();
    const host = document.createElement('div');
    host.id = 'arcadia-update-prompt';
    document.body.append(host);
    createRoot(host).render(<UpdatePrompt />);
  });
  return unsubscribe;
}
