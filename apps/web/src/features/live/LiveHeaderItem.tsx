import { lazy, Suspense } from 'react';

/** The live channel and the bell load only for a signed-in, registered player. */
const LiveConnection = lazy(() =>
  import('./components/LiveConnection').then((m) => ({ default: m.LiveConnection })),
);

/**
 * The header's live item: for a registered player the notification bell, with the live channel
 * (GET /api/live) open behind it; for everyone else nothing. The header passes the player's id
 * (from the auth feature's shell entry: the first bundle holds no RTK Query).
 */
export function LiveHeaderItem({ userId }: { userId: string | undefined }) {
  if (!userId) return null;
  return (
    <Suspense fallback={null}>
      <LiveConnection userId={userId} />
    </Suspense>
  );
}
