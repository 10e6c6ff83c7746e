import { useEffect } from 'react';
import { NotificationOutlined, ReadOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useSession } from '../../../../core/session/store';
import { incVisit } from '../../../auth/api';
import { NoticeList } from './notice-list';
import s from './home-content.module.css';

// One visit per browser session, however often the home page is opened (sessionStorage ends with the tab).
const VISIT_KEY = 'homeVisitCounted';

function countVisitOnce() {
  if (typeof sessionStorage === 'undefined' || sessionStorage.getItem(VISIT_KEY)) return;
  sessionStorage.setItem(VISIT_KEY, '1');
  incVisit().catch(() => sessionStorage.removeItem(VISIT_KEY));
}

const WEEKDAYS = ['日', '一', '二', '三', '四', '五', '六'];

/** The visitor home (spec section 2): school banner, then notices and news side by side. */
export function HomeContent() {
  const title = useSession((st) => st.logoConfig?.front.title) || '智慧校园综合服务平台';
  const user = useSession((st) => st.userInfo);
  useEffect(countVisitOnce, []);
  const today = dayjs();

  return (
    <div className={s.home}>
      <section className={s.banner}>
        <div className={s.bannerInner}>
          <div>
            <h1 className={s.school}>{title}</h1>
            <p className={s.slogan}>一网通办 · 一站服务 · 一表通用</p>
          </div>
          <div className={s.today}>
            <div className={s.greet}>{user ? `您好，${user.real_name || user.username}` : '欢迎访问'}</div>
            <div className={s.date}>
              {today.format('YYYY年M月D日')} 星期{WEEKDAYS[today.day()]}
            </div>
          </div>
        </div>
      </section>
      <section className={s.lists}>
        <NoticeList kind="notice" title="通知公告" icon={<NotificationOutlined />} />
        <NoticeList kind="news" title="新闻动态" icon={<ReadOutlined />} />
      </section>
    </div>
  );
}
