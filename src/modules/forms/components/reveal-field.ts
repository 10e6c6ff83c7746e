/** Scroll a field into view (the first one with a message), so a long form shows what to fix. */
export function revealField(fieldId: string | undefined): void {
  if (!fieldId || typeof document === 'undefined') return;
  // Field ids match FIELD_ID_PATTERN (letters, digits, '_'): safe inside the selector as they are.
  document.querySelector(`[data-field="${fieldId}"]`)?.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
}
