import { describe, expect, it } from 'vitest';
import { deviceCreateSchema } from '@arcadia/contracts';
import { FORM_ERROR, placeOnForm } from './form-errors';

const FIELDS = ['id', 'name', 'capacity'];

describe('placeOnForm', () => {
  it('marks each field a 400 names, by its path, never keeping the server text', () => {
    expect(
      placeOnForm(
        [
          { path: 'capacity', message: 'Too big' },
          { path: 'name', message: 'name must not be empty' },
          { path: 'capacity', message: 'not an integer' },
        ],
        FIELDS,
      ),
    ).toEqual({ capacity: 'capacity', name: 'name' });
  });

  it('says once for the form what names no field of it, beside the fields it names', () => {
    expect(
      placeOnForm(
        [
          { path: 'arcadeId', message: 'Invalid' },
          { path: 'body', message: 'Expected object' },
          { path: 'id', message: 'Invalid' },
        ],
        FIELDS,
      ),
    ).toEqual({ [FORM_ERROR]: 'request', id: 'id' });
  });

  it('a 400 naming nothing (no details, an empty path) is said for the form', () => {
    expect(placeOnForm([], FIELDS)).toEqual({ [FORM_ERROR]: 'request' });
    expect(placeOnForm([{ path: '', message: 'Invalid' }], FIELDS)).toEqual({
      [FORM_ERROR]: 'request',
    });
  });

  it("places a contract check's issues by their path", () => {
    const checked = deviceCreateSchema.safeParse({ id: 'a b', name: '', capacity: 99 });
    expect(placeOnForm(checked.error!.issues, FIELDS)).toEqual({
      id: 'id',
      name: 'name',
      capacity: 'capacity',
    });
  });
});
