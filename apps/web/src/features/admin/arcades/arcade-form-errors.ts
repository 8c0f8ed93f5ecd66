import { OPENING_PERIOD_SAME_TIME, type FieldIssue } from '@arcadia/contracts';
import { fieldErrors } from '../shell/form-errors';

/**
 * What a refused arcade save shows: where (a field's path on the form, or FORM) → which message
 * (its key under `admin-arcades.invalid.`). The server's own words (English, for developers)
 * are never shown.
 */
export type ArcadeFormErrors = Record<string, string>;

/** The place of errors that name no field of the form (`request`, `arcadeId`, an unknown one). */
export const FORM = 'form';

/** The 409 of a create: the id is taken. */
export const ID_TAKEN: ArcadeFormErrors = { id: 'exists' };

const FIELDS = new Set(['id', 'name', 'city', 'address', 'logoPath', 'openingHours']);
const PERIOD_PARTS = new Set(['day', 'opens', 'closes']);

/** Where the form shows an issue with `path`, and the message key it shows there. */
function place(path: string, message: string): [where: string, key: string] {
  const [field, index, part, ...deeper] = path.split('.');
  if (field === undefined || !FIELDS.has(field)) return [FORM, 'request'];
  if (index === undefined) return [field, field];
  if (field !== 'openingHours') return [field, field];
  if (/^\d+$/.test(index) && part !== undefined && PERIOD_PARTS.has(part) && deeper.length === 0)
    return [`openingHours.${index}.${part}`, part];
  // A period that closes when it opens: said at its closing time (the contract's words pick it).
  if (/^\d+$/.test(index) && part === undefined && message === OPENING_PERIOD_SAME_TIME)
    return [`openingHours.${index}.closes`, 'sameTime'];
  // A period as a whole (or a part the form does not have): said at the opening hours.
  return ['openingHours', 'period'];
}

/**
 * The issues of a contract check (zod's) or of a 400's details placed on the form; a 400 that
 * names nothing is said once for the whole form.
 */
export function arcadeFormErrors(
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey> } | FieldIssue>,
): ArcadeFormErrors {
  const errors: ArcadeFormErrors = {};
  for (const [path, message] of Object.entries(fieldErrors(issues))) {
    const [where, key] = place(path, message);
    errors[where] ??= key;
  }
  return Object.keys(errors).length > 0 ? errors : { [FORM]: 'request' };
}
