import { lazy, Suspense } from 'react';
import { useAppSelector } from '../../lib/store/hooks';
import { selectOwnProfile } from '../auth';

/** The live channel and the bell load only for a signed-in, registered player. */
const LiveConnection = lazy(() =>
  import('./components/LiveConnection').then((m) => ({ default: m.LiveConnection })),
);

/**
 * The header's live item: for a registered player the notification bell, with the live channel
 * (GET /api/live) open behind it; for everyone else nothing.
 */
export function LiveHeaderItem() {
  const me = useAppSelector(selectOwnProfile);
  if (!me) return null;
  return (
    <Suspense fallback={null}>
      <LiveConnection userId={me.id} />
    </Suspense>
  );
}
