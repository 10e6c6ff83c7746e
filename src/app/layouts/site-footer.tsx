import { useQuery } from '@tanstack/react-query';
import { FilingLinks } from '@/core/ui/filing-links';
import { getLoginConfig } from '@/modules/org-config/api';
import s from './layouts.module.css';

/** Footer of the visitor and user frames: copyright and filing numbers from the login config. */
export function SiteFooter() {
  const q = useQuery({
    queryKey: ['org-config', 'login'],
    queryFn: () => getLoginConfig().then((r) => r.data),
    staleTime: 10 * 60_000,
  });
  const c = q.data;
  return (
    <footer className={s.footer}>
      {c?.copyright && <div>{c.copyright}</div>}
      {c && c.filings.length > 0 && (
        <div className={s.filings}>
          <FilingLinks filings={c.filings} />
        </div>
      )}
    </footer>
  );
}
