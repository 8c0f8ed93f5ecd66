import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { Search, UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
// The limits entry alone: the contracts index would bring every schema (and zod) into the
// first bundle, which the header loads this panel with.
import { SEARCH_DEBOUNCE_MS, SEARCH_MIN_LENGTH } from '@arcadia/contracts/limits';
import { useAppDispatch, useAppSelector } from '../../../lib/store/hooks';
import { buttonClasses } from '../../../components/ui/Button';
import { Spinner } from '../../../components/ui/Spinner';
import { inputClasses } from '../../../components/ui/TextField';
import { focusRing } from '../../../components/ui/focus';
import { cn } from '../../../lib/class-names';
import { useAuth, useCurrentUser } from '../../auth';
import { isSearchable } from '../state/searchable';
import { searchBegin, searchCleared, searchFailure, selectSearch } from '../state/search-slice';

/** The request's module (RTK Query and the contracts' schemas), loaded apart from the field. */
const loadSearch = () => import('../state/search-thunks');

/**
 * The header's search field (spec §2, §5): required, at least 3 characters; the search fires
 * after 1000 ms without typing and only when the field is not empty. Results under
 * 'Suchergebnis:'; a name opens that profile. Escape closes it (`onClose`).
 *
 * The field renders and takes the focus in the same commit as the panel opens, so every key
 * typed right after the tap lands in it (a phone user types at once); only the request loads
 * later, well within the 1000 ms pause.
 */
export function SearchPanel({
  onNavigate,
  onClose,
}: {
  onNavigate?: () => void;
  onClose?: () => void;
}) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { isRegistered } = useCurrentUser();
  const { status, signIn } = useAuth();
  const { term, results, inProgress, error } = useAppSelector(selectSearch);
  const [value, setValue] = useState(term);
  const [touched, setTouched] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();

  // Before the browser paints: the keys after the tap go to the field, not the search icon.
  useLayoutEffect(() => {
    inputRef.current?.focus();
  }, []);

  useEffect(() => {
    void loadSearch();
  }, []);

  useEffect(() => {
    const trimmed = value.trim();
    if (!trimmed) return;
    const timer = setTimeout(() => {
      if (!isSearchable(trimmed)) return;
      void loadSearch().then(
        ({ searchUsers }) => dispatch(searchUsers(trimmed)),
        // (the module did not load: shown as a failed search)
        () => {
          dispatch(searchBegin(trimmed));
          dispatch(searchFailure({ term: trimmed, message: 'Search module did not load' }));
        },
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value, dispatch]);

  // Escape closes the search (also the browser's own clearing of the field, which it replaces).
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Escape' || !onClose) return;
    event.preventDefault();
    onClose();
  };

  if (!isRegistered) {
    return (
      <div className="flex flex-wrap items-center gap-3 text-ink-muted" onKeyDown={onKeyDown}>
        <p>{t('search.signInFirst')}</p>
        {status !== 'signedIn' && (
          <button
            type="button"
            className={buttonClasses('secondary', 'sm')}
            onClick={() => signIn()}
          >
            {t('search.signIn')}
          </button>
        )}
      </div>
    );
  }

  const trimmed = value.trim();
  const validation = !trimmed
    ? touched
      ? t('search.required')
      : null
    : trimmed.length < SEARCH_MIN_LENGTH
      ? t('search.minLength', { count: SEARCH_MIN_LENGTH })
      : null;
  const showResults = results !== null && term === trimmed && !inProgress;

  return (
    <div role="search" className="flex flex-col gap-3" onKeyDown={onKeyDown}>
      <label htmlFor={id} className="sr-only">
        {t('search.label')}
      </label>
      <div className="relative">
        <Search
          aria-hidden="true"
          size={18}
          className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-ink-muted"
        />
        <input
          ref={inputRef}
          id={id}
          type="search"
          required
          minLength={SEARCH_MIN_LENGTH}
          autoComplete="off"
          enterKeyHint="search"
          placeholder={t('search.placeholder')}
          value={value}
          aria-invalid={validation ? true : undefined}
          aria-describedby={validation ? `${id}-error` : undefined}
          onChange={(e) => {
            setValue(e.target.value);
            if (!e.target.value.trim()) dispatch(searchCleared());
          }}
          onBlur={() => setTouched(true)}
          // (the right padding keeps the spinner clear of the browser's clear button)
          className={cn(inputClasses, 'pr-10 pl-10')}
        />
        {inProgress && (
          <span className="absolute top-1/2 right-3 -translate-y-1/2">
            <Spinner size="sm" label={t('search.searching')} />
          </span>
        )}
      </div>
      {validation && (
        <p id={`${id}-error`} className="text-sm font-medium text-danger">
          {validation}
        </p>
      )}
      {error && !inProgress && (
        <p role="alert" className="text-sm text-danger">
          {t('search.failed')}
        </p>
      )}
      {showResults && (
        <section aria-labelledby={`${id}-results`} aria-live="polite">
          <h2
            id={`${id}-results`}
            className="mb-2 text-sm font-bold tracking-wide text-neon-pink-soft uppercase"
          >
            {t('search.results')}
          </h2>
          {results.length === 0 ? (
            <>
              <p className="text-ink-muted">{t('search.noMatch', { term })}</p>
              {/* Friends-only profiles (every under-16 one at first) are found only by friends. */}
              <p className="mt-1 text-sm text-ink-muted">{t('search.hiddenHint')}</p>
            </>
          ) : (
            <ul className="flex flex-col gap-1">
              {results.map((hit) => (
                <li key={hit.id}>
                  <Link
                    to={`/profile/${encodeURIComponent(hit.id)}`}
                    // In the place of the open bar's history entry (lib/back-closes.ts).
                    replace
                    onClick={onNavigate}
                    className={cn(
                      'flex items-center gap-3 rounded-lg px-3 py-2 text-ink no-underline hover:bg-white/8 hover:text-neon-cyan-soft',
                      focusRing,
                    )}
                  >
                    <UserRound aria-hidden="true" size={18} className="text-neon-cyan" />
                    {hit.name}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </div>
  );
}
