import type { FieldIssue } from '@arcadia/contracts';
import type { ApiFailure } from '../../../lib/api/failure';

/** Field path (`name`, `openingHours.0.opens`) → the first problem found with it. */
export type FieldErrors = Record<string, string>;

/** The issues of a contract check (zod's `issues`) or of a 400 answer's details, by field. */
export function fieldErrors(
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey> } | FieldIssue>,
): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const path = typeof issue.path === 'string' ? issue.path : issue.path.map(String).join('.');
    errors[path || 'request'] ??= 'message' in issue ? String(issue.message) : '';
  }
  return errors;
}

/** A failed save's field errors (a 400 naming fields), else none. */
export function failureFieldErrors(failure: ApiFailure): FieldErrors {
  return failure.status === 400 && failure.details ? fieldErrors(failure.details) : {};
}

/**
 * Moves the focus to the first field of `form` marked invalid (aria-invalid, or a group marked
 * `data-invalid` with tabIndex -1), else to its message (`data-form-error`), so keyboard and
 * screen-reader users land on what to fix: the field's error is read as its description.
 */
export function focusFirstInvalid(form: HTMLElement | null): void {
  (
    form?.querySelector<HTMLElement>('[aria-invalid="true"], [data-invalid]') ??
    form?.querySelector<HTMLElement>('[data-form-error]')
  )?.focus();
}

/** Where a form says what names none of its fields (`body`, a path parameter, or nothing). */
export const FORM_ERROR = 'form';

/**
 * A refusal placed on a form of plain fields (`fields`): an issue whose path starts with one of
 * them marks that field (its message key is the field's name), anything else, and a 400 that
 * names nothing, is said once for the form (FORM_ERROR → `request`). The server's own words
 * (English, for developers) are never kept.
 */
export function placeOnForm(
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey> } | FieldIssue>,
  fields: ReadonlyArray<string>,
): FieldErrors {
  const errors: FieldErrors = {};
  for (const path of Object.keys(fieldErrors(issues))) {
    const field = path.split('.')[0]!;
    if (fields.includes(field)) errors[field] ??= field;
    else errors[FORM_ERROR] ??= 'request';
  }
  return Object.keys(errors).length > 0 ? errors : { [FORM_ERROR]: 'request' };
}
