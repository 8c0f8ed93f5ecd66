import { lazy, Suspense, useState } from 'react';
import { useToasts } from './use-toasts';

const Toaster = lazy(() => import('./Toaster').then((m) => ({ default: m.Toaster })));

/** Mount once: loads the Radix toaster when the first toast is queued, then keeps it. */
export function ToastHost() {
  const toasts = useToasts();
  const [needed, setNeeded] = useState(false);
  if (!needed && toasts.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
