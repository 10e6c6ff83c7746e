import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Spin } from 'antd';
import { fetchNav } from '../../api';
import { AppCard } from './app-card';
import { useAppActions } from './use-app-actions';
import s from './app-center.module.css';

/** /web/navPortal: the school's systems in sections, as the back office's 应用门户 arranges them. */
export default function NavPortalPage() {
  const actions = useAppActions();
  const nav = useQuery({ queryKey: ['appCenter', 'nav'], queryFn: () => fetchNav('desktop').then((r) => r.data) });
  return (
    <Spin spinning={nav.isFetching}>
      {nav.data && !nav.data.length && (
        <Card>
          <Empty description="暂无可用的应用" />
        </Card>
      )}
      {nav.data?.map((sec) => (
        <Card key={sec.id} title={sec.name} className={s.section}>
          <div className={s.grid}>
            {sec.apps.map((a) => (
              <AppCard key={a.id} app={a} {...actions} />
            ))}
          </div>
        </Card>
      ))}
    </Spin>
  );
}
