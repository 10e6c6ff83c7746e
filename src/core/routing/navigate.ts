/**
 * Navigation for code outside React (the request layer): the app registers the data
 * router's navigate; until then, and for absolute URLs (an SSO logout address), the
 * browser location is used.
 */
export type Navigator = (to: string, opts?: { replace?: boolean }) => void;

let navigator: Navigator | null = null;

export function setNavigator(fn: Navigator | null): void {
  navigator = fn;
}

const isAbsolute = (to: string) => /^[a-z][a-z0-9+.-]*:\/\//i.test(to);

export function navigate(to: string, opts?: { replace?: boolean }): void {
  if (navigator && !isAbsolute(to)) {
    navigator(to, opts);
  } else if (opts?.replace) {
    window.location.replace(to);
  } else {
    window.location.assign(to);
  }
}

/** The current in-app path with its query (what a `to` parameter carries). */
export function currentPath(): string {
  return window.location.pathname + window.location.search;
}
