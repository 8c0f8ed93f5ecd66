/** Moves the focus to the main content area (without scrolling). */
export function focusMain() {
  document.getElementById('main')?.focus({ preventScroll: true });
}
