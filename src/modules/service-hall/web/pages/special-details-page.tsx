import { useSearchParams, useNavigate } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Result, Skeleton, Steps } from 'antd';
import { useSession } from '@/core/session/store';
import { fetchSpecial } from '../../api';
import { ItemCardView } from '../components/item-card';
import { specialBackground } from '../../components/labels';
import { RichText } from '../components/guide-parts';
import s from '../components/hall.module.css';

/**
 * /home/specialDetails?id= 专题服务 (public): a themed set of items (新生入学, 毕业离校…) with its
 * banner, introduction, steps and the items the caller may see.
 */
export default function SpecialDetailsPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const signedIn = !!useSession((st) => st.token);
  const raw = Number(params.get('id'));
  const id = Number.isInteger(raw) && raw > 0 ? raw : null;
  const special = useQuery({
    queryKey: ['service-hall', 'special', id, signedIn],
    queryFn: () => fetchSpecial(id!).then((r) => r.data),
    enabled: id !== null,
    retry: false,
  });
  if (id === null) return <Result status="warning" title="链接不完整" subTitle="缺少专题编号" />;
  if (special.isPending) return <Skeleton active paragraph={{ rows: 10 }} style={{ padding: 24 }} />;
  if (special.isError || !special.data)
    return (
      <Result
        status="404"
        title="专题服务不存在"
        extra={<Button onClick={() => navigate('/web/eventService/index')}>前往办事大厅</Button>}
      />
    );
  const sp = special.data;
  return (
    <div className={s.page}>
      <div
        className={s.banner}
        style={{ backgroundImage: specialBackground(sp.bannerUrl, sp.id - 1), backgroundSize: 'cover' }}
      >
        <h2>{sp.name}</h2>
        <p>{sp.summary}</p>
      </div>
      <Card title="专题介绍" className={s.section}>
        <RichText value={sp.intro} />
      </Card>
      {!!sp.steps.length && (
        <Card title="办理步骤" className={s.section}>
          <Steps
            items={sp.steps.map((st) => ({ title: st.title, description: st.description, status: 'process' as const }))}
          />
        </Card>
      )}
      <Card title={`相关事项（${sp.items.length}）`} className={s.section}>
        {sp.items.length ? (
          <div className={s.grid} role="list" aria-label="事项列表">
            {sp.items.map((item) => (
              <ItemCardView key={item.id} item={item} />
            ))}
          </div>
        ) : (
          <Empty description={signedIn ? '暂无您可办理的事项' : '登录后可查看更多事项'} />
        )}
      </Card>
    </div>
  );
}
