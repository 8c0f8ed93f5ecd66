/** Test support shared by the audit log's tests: reading its entries as an operator does. */
import { within } from '@testing-library/react';
import { callsTo } from '../../../testing/api';

/** The query of the audit log's last call. */
export const lastQuery = () => callsTo('GET', '/api/admin/audit').at(-1)!.query;
/** The list item of an entry, found by its heading. */
export const itemOf = (heading: HTMLElement) => heading.closest('li')!;
/** The changed fields of an entry as the operator reads them: "label: value". */
export const fieldsOf = (entry: HTMLElement) =>
  within(entry)
    .queryAllByRole('term')
    .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);

/** The section's code loads lazily on first use: a test file loads it once, in its beforeAll. */
export const loadAuditSection = () => import('./AuditSection');
