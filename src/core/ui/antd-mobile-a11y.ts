/**
 * What antd-mobile 5 leaves unnamed for assistive technology, filled in once its pieces are in the
 * page: NavBar's back arrow is a role="button" with an icon only (named 返回 here), and the
 * scrolling strip of CapsuleTabs cannot be reached by keyboard (made focusable, so a keyboard
 * user can scroll it). antd-mobile has no prop for either.
 */
export function labelKitControls(root: ParentNode): void {
  for (const el of root.querySelectorAll<HTMLElement>('.adm-nav-bar-left[role="button"]:not([aria-label])')) {
    if (!el.textContent?.trim()) el.setAttribute('aria-label', '返回');
  }
  for (const el of root.querySelectorAll<HTMLElement>('.adm-capsule-tabs-tab-list:not([tabindex])')) {
    el.tabIndex = 0;
    el.setAttribute('aria-label', '分类');
  }
}

/** Keeps labelKitControls applied as pages render (one observer for the document, batched per frame). */
export function watchKitControls(doc: Document = document): () => void {
  let queued = false;
  const run = () => {
    queued = false;
    labelKitControls(doc);
  };
  const observer = new MutationObserver(() => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(run);
  });
  observer.observe(doc.body, { childList: true, subtree: true });
  run();
  return () => observer.disconnect();
}
