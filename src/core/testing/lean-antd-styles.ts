/**
 * Component tests run antd's CSS-in-JS for real, so elements it hides (closed popups, inactive
 * tab panes, hidden form items) stay hidden to Testing Library. But jsdom then matches every
 * rule of every antd sheet on each getComputedStyle call, and `getByRole(…, { name })` makes
 * thousands of them: most of a designer test's time. Those checks read only `display` and
 * `visibility`, so antd's sheets keep just the declarations of these two properties (and the
 * rules that carry them); everything a test can observe about what is shown stays the same.
 * Sheets of other origins (app or test styles) are left whole.
 *
 * Loaded for every test by the vitest config (setupFiles); it does nothing outside jsdom.
 */
const KEPT = new Set(['display', 'visibility']);

/** antd's CSS-in-JS marks its style elements (rc-util's dynamicCSS and @ant-design/cssinjs). */
const isAntdStyle = (el: Element): el is HTMLStyleElement =>
  el.localName === 'style' && (el.hasAttribute('data-css-hash') || el.hasAttribute('data-rc-order'));

/** Drops the declarations of other properties, and rules left empty; true when nothing is left. */
function pruneRules(rules: CSSRuleList, remove: (index: number) => void): boolean {
  for (let i = rules.length - 1; i >= 0; i--) {
    const rule = rules[i]!;
    if ('cssRules' in rule && !('style' in rule)) {
      // @media, @supports, @layer: prune inside, drop the group when empty
      const group = rule as CSSGroupingRule;
      if (pruneRules(group.cssRules, (j) => group.deleteRule(j))) remove(i);
    } else if ('style' in rule) {
      const style = (rule as CSSStyleRule).style;
      for (let p = style.length - 1; p >= 0; p--) {
        const name = style.item(p);
        if (!KEPT.has(name)) style.removeProperty(name);
      }
      if (style.length === 0) remove(i);
    } else {
      remove(i); // @keyframes, @font-face: never decide what is shown
    }
  }
  return rules.length === 0;
}

function prune(el: Node): void {
  if (!(el instanceof Element) || !isAntdStyle(el) || !el.isConnected) return;
  const sheet = el.sheet;
  if (sheet) pruneRules(sheet.cssRules, (i) => sheet.deleteRule(i));
}

if (typeof window !== 'undefined' && typeof document !== 'undefined') {
  // rc-util inserts a filled <style> (insertBefore/appendChild) and later rewrites its innerHTML.
  const proto = window.Node.prototype;
  const insertBefore = proto.insertBefore;
  const appendChild = proto.appendChild;
  proto.insertBefore = function <T extends Node>(this: Node, node: T, child: Node | null): T {
    const inserted = insertBefore.call(this, node, child) as T;
    prune(node);
    return inserted;
  };
  proto.appendChild = function <T extends Node>(this: Node, node: T): T {
    const appended = appendChild.call(this, node) as T;
    prune(node);
    return appended;
  };
  const innerHTML = Object.getOwnPropertyDescriptor(window.Element.prototype, 'innerHTML')!;
  Object.defineProperty(window.HTMLStyleElement.prototype, 'innerHTML', {
    configurable: true,
    enumerable: innerHTML.enumerable,
    get(this: Element) {
      return innerHTML.get!.call(this);
    },
    set(this: Element, value: string) {
      innerHTML.set!.call(this, value);
      prune(this);
    },
  });
}

export {};
