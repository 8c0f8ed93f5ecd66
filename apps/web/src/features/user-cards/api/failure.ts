import type { SerializedError } from '@reduxjs/toolkit';
import type { ApiFailure } from '../../../lib/api/base';

/** Any failed call as an ApiFailure; an answer that broke its contract counts as a parse error. */
export function toFailure(error: ApiFailure | SerializedError | undefined): ApiFailure {
  if (error && 'status' in error && error.status !== undefined) return error;
  return { status: 'PARSING_ERROR', message: error?.message ?? 'Request failed' };
}
