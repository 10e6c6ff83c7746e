import { useLocation } from 'react-router-dom';
import { useSession } from '@/core/session/store';
import { HomeContent } from '../components/home-content';

/**
 * /home/index, /web and /web/home/index: the same home inside the visitor or the user frame.
 * Under /web it shows the chosen platform's modules; the visitor home (and /web before a
 * platform is chosen) the visitor's.
 */
export default function HomePage() {
  const { pathname } = useLocation();
  const platformId = useSession((st) => st.platform?.platform_id);
  const scope = pathname.startsWith('/web') && platformId ? String(platformId) : 'visitor';
  return <HomeContent scope={scope} />;
}
