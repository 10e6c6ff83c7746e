/**
 * Scroll a field into view (the first one with a message), so a long form shows what to fix. A big
 * form mounts in steps and mounts whole once it has messages (use-progressive-mount): when the
 * field is not in the page yet, look again over the next few frames.
 */
export function revealField(fieldId: string | undefined, framesLeft = 30): void {
  if (!fieldId || typeof document === 'undefined') return;
  // Field ids match FIELD_ID_PATTERN (letters, digits, '_'): safe inside the selector as they are.
  const el = document.querySelector(`[data-field="${fieldId}"]`);
  if (el) el.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
  else if (framesLeft > 0 && typeof requestAnimationFrame === 'function')
    requestAnimationFrame(() => revealField(fieldId, framesLeft - 1));
}
