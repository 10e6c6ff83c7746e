import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * A path the current shell does not serve (a phone page in the desktop shell, a desktop page in
 * the phone shell): load it afresh so main.tsx picks the other shell. Each shell downloads only
 * its own UI kit, so crossing costs one full page load.
 */
export function LeaveShell() {
  const { pathname, search, hash } = useLocation();
  useEffect(() => {
    window.location.replace(`${pathname}${search}${hash}`);
  }, [pathname, search, hash]);
  return null;
}
