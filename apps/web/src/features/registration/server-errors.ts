import type { ApiFailure } from '../../lib/api/failure';
import { REGISTRATION_FIELDS, type RegistrationField } from './validation';

/** A server error placed where the player sees it: at a field, or above the form. */
export interface PlacedServerError {
  fields: Partial<Record<RegistrationField, { key: string }>>;
  form: { key: string } | null;
}

const isField = (path: string): path is RegistrationField =>
  (REGISTRATION_FIELDS as readonly string[]).includes(path);

/** Maps the API's failure (409 name taken, 400 per field, others) onto the form. */
export function placeServerError(error: ApiFailure | null): PlacedServerError {
  const placed: PlacedServerError = { fields: {}, form: null };
  if (!error) return placed;
  const details = error.details ?? [];
  if (error.status === 409) {
    if (details.some((d) => d.path === 'username'))
      placed.fields.username = { key: 'usernameTaken' };
    else placed.form = { key: 'alreadyRegistered' };
    return placed;
  }
  if (error.status === 400 && details.length > 0) {
    for (const detail of details) {
      if (isField(detail.path) && !placed.fields[detail.path])
        placed.fields[detail.path] = { key: 'serverRejected' };
    }
    if (Object.keys(placed.fields).length > 0) return placed;
  }
  placed.form = { key: 'failed' };
  return placed;
}
