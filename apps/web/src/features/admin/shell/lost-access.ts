import { useEffect } from 'react';
import { isRejectedWithValue, type UnknownAction } from '@reduxjs/toolkit';
import { startAppListening } from '../../../lib/store/store';
import { adminApi } from './admin-api';

const ADMIN_PATH = '/api/admin/';
const OPERATOR_PATH = '/api/admin/me';

/** The path of the call behind an API action, when it carries the request (fetchBaseQuery). */
function requestPath(action: UnknownAction): string | null {
  const meta = (action as { meta?: { baseQueryMeta?: { request?: Request } } }).meta;
  const url = meta?.baseQueryMeta?.request?.url;
  if (!url) return null;
  try {
    return new URL(url, 'http://localhost').pathname;
  } catch {
    return null;
  }
}

/** A 403 answer to a console call other than GET /api/admin/me. */
export function isAdminRefusal(action: UnknownAction): boolean {
  if (!isRejectedWithValue(action)) return false;
  if ((action.payload as { status?: unknown } | undefined)?.status !== 403) return false;
  const path = requestPath(action);
  return path !== null && path.startsWith(ADMIN_PATH) && path !== OPERATOR_PATH;
}

/**
 * While the console is open: an operator who loses the role (or an arcade) gets 403 from the
 * sections' calls. Then GET /api/admin/me is asked again, so the console shows "no access" (or
 * only the arcades still theirs) instead of each section's generic failure.
 */
export function useLostAccessWatch(): void {
  useEffect(
    () =>
      startAppListening({
        predicate: isAdminRefusal,
        effect: (_action, { dispatch }) => {
          dispatch(adminApi.util.invalidateTags(['AdminOperator']));
        },
      }),
    [],
  );
}
