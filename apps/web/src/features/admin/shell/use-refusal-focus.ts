import { useEffect, useRef, useState } from 'react';
import { focusFirstInvalid } from './form-errors';

/**
 * After a refused save, the focus moves to the first field marked invalid inside `ref`'s
 * element, else to its general message (`data-form-error`): call `refused()` when the errors
 * are set, and the focus moves once they are shown.
 */
export function useRefusalFocus<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (refusals > 0) focusFirstInvalid(ref.current);
  }, [refusals]);
  return { ref, refused: () => setRefusals((n) => n + 1) };
}
