import { HomeContent } from '../components/home-content';

/** /home/index, /web and /web/home/index: the same home inside the visitor or the user frame. */
export default function HomePage() {
  return <HomeContent />;
}
