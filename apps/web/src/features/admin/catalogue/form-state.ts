import type { SerializedError } from '@reduxjs/toolkit';
import type { TFunction } from 'i18next';
import { toFailure, type ApiFailure } from '../../../lib/api/failure';
import { failureMessage } from '../shell/failure-message';
import { failureFieldErrors } from '../shell/form-errors';

/** What a refused save shows: translated messages by field path, or one line for the form. */
export interface SaveRefusal {
  fields: Record<string, string>;
  /** Shown above the buttons when no field explains the refusal (already translated). */
  message: string | null;
  conflict: boolean;
}

export const NO_REFUSAL: SaveRefusal = { fields: {}, message: null, conflict: false };

/**
 * The message key (under `admin-catalogue.invalid.`) of a field path: `description.de` →
 * `description_de`. A dialog may name its own key for a path (a map's `id` is not a game's).
 */
export type InvalidKeys = Partial<Record<string, string>>;

/**
 * A contract check that failed in the browser, thrown like a refused save (a 400 naming the
 * fields), so the dialog shows it the same way and sends nothing.
 */
export function invalidInput(
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>,
): ApiFailure {
  return {
    status: 400,
    code: 'validation_failed',
    message: 'invalid input',
    details: issues.map((issue) => ({
      path: issue.path.map(String).join('.'),
      message: issue.message,
    })),
  };
}

/**
 * Reads a failed save: field issues by their path ("description.de"), each shown as the
 * section's own message for that field (never the server's English text); a 400 naming none of
 * the dialog's `shown` fields (`body`, a path parameter, or nothing) says once that the input does
 * not fit; other failures say why in the console's words (shell/failure-message.ts).
 */
export function refusalOf(
  error: unknown,
  t: TFunction,
  keys: InvalidKeys = {},
  shown?: ReadonlyArray<string>,
): SaveRefusal {
  const failure: ApiFailure = toFailure(error as ApiFailure | SerializedError);
  const raw = failure.status === 400 ? failureFieldErrors(failure) : {};
  const paths = Object.keys(raw).filter((path) => !shown || shown.includes(path));
  const fields = Object.fromEntries(
    paths.map((path) => {
      const key = keys[path] ?? path.replaceAll('.', '_');
      return [
        path,
        t(`admin-catalogue.invalid.${key}`, { defaultValue: t('admin-catalogue.invalid.other') }),
      ];
    }),
  );
  const hasFields = Object.keys(fields).length > 0;
  return {
    fields,
    message: hasFields
      ? null
      : failure.status === 400
        ? t('admin-catalogue.invalid.request')
        : failureMessage(failure, t),
    conflict: failure.status === 409,
  };
}

/** Throws the issues of a failed contract check (see `invalidInput`); else its data. */
export function checked<T>(
  result:
    | { success: true; data: T }
    | { success: false; error: { issues: Parameters<typeof invalidInput>[0] } },
): T {
  if (!result.success) throw invalidInput(result.error.issues);
  return result.data;
}

/** A field's message: its own path. */
export function fieldError(refusal: SaveRefusal, path: string): string | undefined {
  return refusal.fields[path];
}
