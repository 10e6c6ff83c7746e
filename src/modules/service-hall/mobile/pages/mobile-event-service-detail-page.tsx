import { useNavigate } from 'react-router-dom';
import { Button, Collapse, ErrorBlock, List, NavBar, Skeleton, Steps, Tag } from 'antd-mobile';
import '@/core/ui/antd-mobile-setup';
import { loginRedirect } from '@/core/routing/login-path';
import { MODE_LABELS } from '../../contract';
import { useGuide } from '../../components/use-guide';
import s from './mobile-hall.module.css';

/** Sanitised by the server when saved (src/server/rich-text). */
const Html = ({ value }: { value: string }) =>
  value.trim() ? <div className={s.html} dangerouslySetInnerHTML={{ __html: value }} /> : <span>—</span>;

/**
 * /mobile/eventServiceDetail?id= 办事指南 on a phone (open without a token for public items): the
 * guide in sections, and at the bottom 收藏 and 在线办理, which opens the phone form (/mobile/formWrite).
 */
export default function MobileEventServiceDetailPage() {
  const navigate = useNavigate();
  const { id, signedIn, guide, apply, favorite } = useGuide();
  const back = () => navigate('/mobile/eventService');
  if (id === null || guide.isError)
    return (
      <div className={s.page}>
        <NavBar className={s.nav} onBack={back}>
          办事指南
        </NavBar>
        <ErrorBlock status="empty" title="事项不存在或无权查看" description={signedIn ? '' : '登录后可查看更多事项'} />
      </div>
    );
  if (guide.isPending || !guide.data)
    return (
      <div className={s.page}>
        <NavBar className={s.nav} onBack={back}>
          办事指南
        </NavBar>
        <div className={s.body}>
          <Skeleton.Paragraph lineCount={8} animated />
        </div>
      </div>
    );
  const g = guide.data;
  const online = g.modes.includes('online');
  const onApply = async () => {
    if (!signedIn) return navigate(loginRedirect(`/mobile/eventServiceDetail?id=${g.id}`));
    const a = await apply.mutateAsync();
    navigate(a.mobilePath);
  };
  return (
    <div className={s.page}>
      <NavBar className={s.nav} onBack={back}>
        办事指南
      </NavBar>
      <div className={s.head}>
        <h1>{g.name}</h1>
        <div className={s.meta}>
          {g.departmentName} · {g.theme} · 办理时限：{g.timeLimit || '—'}
        </div>
        <div className={s.tags}>
          {g.modes.map((m) => (
            <Tag key={m} color="primary" fill="outline">
              {MODE_LABELS[m]}
            </Tag>
          ))}
        </div>
      </div>
      {online && !g.canApply && <div className={s.hint}>{g.applyHint}</div>}
      <Collapse defaultActiveKey={['conditions', 'materials', 'steps']}>
        <Collapse.Panel key="conditions" title="办理条件">
          <Html value={g.conditions} />
        </Collapse.Panel>
        <Collapse.Panel key="materials" title={`申请材料（${g.materials.length}）`}>
          <List>
            {g.materials.map((m) => (
              <List.Item
                key={m.name}
                description={[m.required ? '必需' : '按需', m.copies, m.note].filter(Boolean).join(' · ')}
                extra={
                  m.templateUrl ? (
                    <a href={m.templateUrl} download={m.templateName || undefined}>
                      下载模板
                    </a>
                  ) : undefined
                }
              >
                {m.name}
              </List.Item>
            ))}
          </List>
        </Collapse.Panel>
        <Collapse.Panel key="steps" title="办理流程">
          <Steps direction="vertical">
            {g.steps.map((st) => (
              <Steps.Step key={st.title} title={st.title} description={st.description} status="wait" />
            ))}
          </Steps>
        </Collapse.Panel>
        {!!g.windows.length && (
          <Collapse.Panel key="offline" title="线下办理">
            <List>
              {g.windows.map((w) => (
                <List.Item
                  key={`${w.name}-${w.address}`}
                  description={`${w.address} · ${w.hours}${w.phone ? ` · ${w.phone}` : ''}`}
                >
                  {w.name}
                </List.Item>
              ))}
            </List>
            {g.bring && <div className={s.meta}>携带材料：{g.bring}</div>}
          </Collapse.Panel>
        )}
        <Collapse.Panel key="fees" title="收费与依据">
          <div className={s.meta}>收费：{g.fees || '—'}</div>
          <Html value={g.legalBasis} />
        </Collapse.Panel>
        <Collapse.Panel key="faq" title="常见问题">
          <Html value={g.faq} />
          <div className={s.meta}>咨询：{g.contact || '—'}</div>
        </Collapse.Panel>
      </Collapse>
      <div className={s.bar}>
        {signedIn && (
          <Button loading={favorite.isPending} onClick={() => favorite.mutate(!g.favorite)}>
            {g.favorite ? '已收藏' : '收藏'}
          </Button>
        )}
        {g.modes.includes('booking') && (
          <Button color="primary" fill="outline" onClick={() => navigate(`/mobile/booking?itemId=${g.id}`)}>
            预约办理
          </Button>
        )}
        {online ? (
          <Button
            color="primary"
            loading={apply.isPending}
            disabled={signedIn && !g.canApply}
            onClick={() => void onApply()}
          >
            {signedIn ? '在线办理' : '登录后办理'}
          </Button>
        ) : (
          !g.modes.includes('booking') && (
            <Button color="primary" fill="outline" onClick={() => navigate(`/mobile/applyCall?itemId=${g.id}`)}>
              咨询回电
            </Button>
          )
        )}
      </div>
    </div>
  );
}
