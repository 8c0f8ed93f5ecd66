import { useContext, useEffect, useRef } from 'react';
import { UNSAFE_DataRouterContext } from 'react-router';

/** The key of an overlay's mark in `history.state` (beside the router's own keys). */
const MARK = 'arcadiaOverlay';

/** Marks differ from those of earlier page loads, whose entries may still be in the history. */
const documentId = Math.random().toString(36).slice(2, 10);
let count = 0;
/** The marks of the overlays open now. */
const open = new Set<string>();
/** An overlay that closed another way, whose entry is about to be taken off again. */
let leaving: { mark: string; timer: ReturnType<typeof setTimeout> } | null = null;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function currentMark(): unknown {
  const state: unknown = window.history.state;
  return isRecord(state) ? state[MARK] : undefined;
}

/** The current entry's state with this mark: the router's keys (`idx`, `key`, `usr`) stay. */
function marked(mark: string): Record<string, unknown> {
  const state: unknown = window.history.state;
  return { ...(isRecord(state) ? state : {}), [MARK]: mark };
}

/**
 * Back closes an open overlay (the side navigation, the bell's panel, a dialog) instead of leaving
 * the page, as a player on a phone expects. Opening it adds a history entry for the same address;
 * Back takes that entry off and closes it. Closed another way (×, Escape, a click beside it), it
 * takes its entry off itself, unless a navigation has begun meanwhile (a dialog that moves on once
 * it is confirmed): that navigation owns the history then. Links inside an overlay should
 * `replace`, so that the page they open takes the overlay's entry instead of stacking on it.
 *
 * The entry keeps the router's state (the same `idx` and `key`), so the router sees Back as a
 * return to the same location; an overlay's own entry is never a place a blocker asks about.
 */
export function useBackCloses(isOpen: boolean, close: () => void, enabled = true): void {
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  const onClose = useRef(close);
  useEffect(() => {
    onClose.current = close;
  });
  useEffect(() => {
    if (!isOpen || !enabled) return;
    const mark = `${documentId}-${++count}`;
    open.add(mark);
    // An overlay closed in this same moment (another took its place, or React's development
    // re-run of effects) leaves its entry to this one instead of stepping back and forth.
    if (leaving && currentMark() === leaving.mark) {
      clearTimeout(leaving.timer);
      leaving = null;
      window.history.replaceState(marked(mark), '');
    } else {
      window.history.pushState(marked(mark), '');
    }
    let closedByBack = false;
    const onPop = () => {
      // A nested overlay's Back lands on this one's entry: this one stays open.
      if (currentMark() === mark) return;
      closedByBack = true;
      onClose.current();
    };
    window.addEventListener('popstate', onPop);
    const navigating = () => router !== undefined && router.state.navigation.state !== 'idle';
    return () => {
      open.delete(mark);
      window.removeEventListener('popstate', onPop);
      if (closedByBack || currentMark() !== mark || navigating()) return;
      const timer = setTimeout(() => {
        if (leaving?.mark === mark) leaving = null;
        if (currentMark() === mark && !navigating()) window.history.back();
      }, 0);
      leaving = { mark, timer };
    };
  }, [isOpen, enabled, router]);
}

/**
 * Steps over an overlay's entry that no open overlay owns: the page was reloaded with the overlay
 * open (it starts closed), or Forward came back to an entry whose overlay Back had closed. Without
 * this, the next Back would stay on the same page and do nothing visible. Called once at start,
 * before the router, and then on every return to an entry.
 */
export function stepOverClosedOverlayEntries(): () => void {
  const stepOver = () => {
    const mark = currentMark();
    if (typeof mark === 'string' && !open.has(mark)) window.history.back();
  };
  stepOver();
  window.addEventListener('popstate', stepOver);
  return () => window.removeEventListener('popstate', stepOver);
}
