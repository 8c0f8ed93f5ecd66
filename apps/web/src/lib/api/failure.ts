import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';
// Types only: the contracts (and zod) stay out of the bundle that loads this module.
import type { ApiErrorBody, FieldIssue } from '@arcadia/contracts';

/** Why a call failed without an HTTP answer (RTK Query's names), or the answer's status. */
export type FailureStatus =
  number | 'FETCH_ERROR' | 'TIMEOUT_ERROR' | 'PARSING_ERROR' | 'CUSTOM_ERROR';

/**
 * The error every failed call has on the client: the status, and the server's error body
 * (`apiErrorSchema` of the contracts) with its code optional (a call that got no answer has
 * none) and its details read as the 400 answers' field issues.
 */
export type ApiFailure = Omit<ApiErrorBody, 'code' | 'details'> & {
  status: FailureStatus;
  code?: ApiErrorBody['code'];
  details?: FieldIssue[];
};

/** A fetchBaseQuery error as an ApiFailure. */
export function toApiFailure(error: FetchBaseQueryError): ApiFailure {
  if (typeof error.status === 'number') {
    const body = error.data as { error?: Partial<ApiErrorBody> } | undefined;
    return {
      status: error.status,
      code: body?.error?.code,
      message: body?.error?.message ?? `HTTP ${error.status}`,
      details: Array.isArray(body?.error?.details)
        ? (body.error.details as FieldIssue[])
        : undefined,
    };
  }
  return { status: error.status, message: 'error' in error ? error.error : 'Request failed' };
}

/**
 * The error of an endpoint call's result as an ApiFailure; anything else (an answer that broke
 * its contract surfacing as a serialized error) counts as a parse error.
 */
export function toFailure(error: ApiFailure | SerializedError | undefined): ApiFailure {
  if (error && 'status' in error && error.status !== undefined) return error;
  return { status: 'PARSING_ERROR', message: error?.message ?? 'Request failed' };
}
