import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { List, NavBar, Tabs, Tag } from 'antd-mobile';
import '@/core/ui/antd-mobile-setup';
import { PhoneListBody, PhoneSearch, usePhoneList } from '@/core/ui/phone-list';
import s from '@/core/ui/phone-page.module.css';
import { fetchHall, resourcePhonePath } from '../../api';
import { KIND_LABELS, RESOURCE_KINDS, type ResourceKind } from '../../contract';
import { time } from '../../components/labels';

type Tab = ResourceKind | 'all' | 'favorite';

/** /mobile/resourceHall: the resource hall on a phone — search, kinds, my favourites; a tap opens the preview. */
export default function MobileResourceHallPage() {
  const navigate = useNavigate();
  const [keyword, setKeyword] = useState('');
  const [tab, setTab] = useState<Tab>('all');
  const q = {
    pageSize: 20,
    ...(keyword ? { keyword } : {}),
    ...(tab === 'favorite' ? { favorite: 1 } : tab !== 'all' ? { kind: tab } : {}),
  };
  const list = usePhoneList(['resource-center', 'phone-hall', q], (page) =>
    fetchHall({ ...q, page }).then((r) => r.data),
  );
  return (
    <div className={s.page}>
      <NavBar className={s.nav} onBack={() => navigate('/mobile/home')}>
        资源大厅
      </NavBar>
      <PhoneSearch placeholder="搜索资源名称、简介或标签" label="搜索资源" onSearch={setKeyword} />
      <Tabs className={s.tabs} activeKey={tab} onChange={(k) => setTab(k as Tab)}>
        <Tabs.Tab key="all" title="全部" />
        {RESOURCE_KINDS.filter((k) => k !== 'video').map((k) => (
          <Tabs.Tab key={k} title={KIND_LABELS[k]} />
        ))}
        <Tabs.Tab key="favorite" title="收藏" />
      </Tabs>
      <PhoneListBody list={list} label="资源列表" empty="暂无资源" unit="项资源">
        {list.rows.map((r) => (
          <List.Item
            key={r.id}
            className={s.row}
            onClick={() => navigate(resourcePhonePath(r.id))}
            description={
              <div className={s.meta}>
                {r.departmentName || r.ownerName} · {time(r.releasedAt)} · {r.viewCount} 次访问
              </div>
            }
            extra={
              <Tag color="primary" fill="outline">
                {KIND_LABELS[r.kind]}
              </Tag>
            }
          >
            {r.favorite ? '★ ' : ''}
            {r.title}
          </List.Item>
        ))}
      </PhoneListBody>
    </div>
  );
}
