import { Link } from 'react-router-dom';
import { Clock } from './panel';
import { stamp } from '../../components/format';
import s from './screen.module.css';

const PAGES = [
  { path: '/leadingDriver/leadingDriverIndex', title: '综合校情' },
  { path: '/leadingDriver/teachingOverview', title: '教学概况' },
];

/** The screens' top bar: the two pages, the title, the clock and when the data was read. */
export function ScreenHeader({ title, current, updatedAt }: { title: string; current: string; updatedAt?: number }) {
  return (
    <header className={s.header}>
      <nav className={s.nav} aria-label="驾驶舱页面">
        {PAGES.map((p) =>
          p.path === current ? (
            <span key={p.path} className={s.navActive} aria-current="page">
              {p.title}
            </span>
          ) : (
            <Link key={p.path} to={p.path}>
              {p.title}
            </Link>
          ),
        )}
        <Link to="/web">返回门户</Link>
      </nav>
      <h1 className={s.title}>{title}</h1>
      <div className={s.meta}>
        {updatedAt ? <span>数据读取于 {stamp(updatedAt)}</span> : null}
        <Clock />
      </div>
    </header>
  );
}
