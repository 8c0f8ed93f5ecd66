import type { SerializedError } from '@reduxjs/toolkit';
import { toFailure, type ApiFailure } from '../../../lib/api/failure';
import { failureFieldErrors } from '../shell/form-errors';

/** What a refused save shows: the 400 answer's field messages by path, or one line for the form. */
export interface SaveRefusal {
  fields: Record<string, string>;
  /** Shown above the buttons when no field explains the refusal. */
  message: string | null;
  conflict: boolean;
}

export const NO_REFUSAL: SaveRefusal = { fields: {}, message: null, conflict: false };

/** Reads a failed mutation: field issues by their path ("description.de"), else its message. */
export function refusalOf(error: unknown): SaveRefusal {
  const failure: ApiFailure = toFailure(error as ApiFailure | SerializedError);
  const fields = failureFieldErrors(failure);
  return {
    fields,
    message: Object.keys(fields).length > 0 ? null : failure.message,
    conflict: failure.status === 409,
  };
}

/** A field's message: its own path or a nested one ("description" for "description.de"). */
export function fieldError(refusal: SaveRefusal, path: string): string | undefined {
  return refusal.fields[path];
}
