import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  Checkbox,
  ErrorBlock,
  List,
  NavBar,
  Popup,
  Rate,
  Selector,
  Skeleton,
  Tabs,
  Tag,
  Toast,
} from 'antd-mobile';
import '@/core/ui/antd-mobile-setup';
import { MobileTextArea } from '@/core/ui/mobile-text-input';
import { fetchMine, fetchPending } from '../../api';
import { useRateForm } from '../../components/use-rate-form';
import { COMMENT_MAX, LEVEL_LABELS, RECTIFY_STATUS_LABELS, isBadLevel, type PendingRow } from '../../contract';
import { time } from '../../components/labels';
import s from './mobile-feedback.module.css';

const Q = { page: 1, pageSize: 50 };

function RateSheet({ target, onClose }: { target: PendingRow | null; onClose: () => void }) {
  const f = useRateForm(target, (message) => {
    Toast.show({ icon: 'success', content: message });
    onClose();
  });
  const close = () => {
    f.reset();
    onClose();
  };
  return (
    <Popup visible={!!target} onMaskClick={close} bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12 }}>
      <div className={s.sheet}>
        <div className={s.field}>
          <div className={s.label}>{target?.itemName}</div>
          <div className={s.meta}>{target?.title}</div>
        </div>
        <div className={s.field}>
          <div className={s.label}>满意度：{LEVEL_LABELS[f.level]}</div>
          <Rate allowClear={false} value={f.level} onChange={f.setLevel} />
        </div>
        <div className={s.field}>
          <Selector
            multiple
            columns={2}
            value={f.labelIds}
            onChange={f.setLabelIds}
            options={f.levelLabels.map((l) => ({ label: l.name, value: l.id }))}
          />
        </div>
        <div className={s.field}>
          <MobileTextArea
            placeholder={isBadLevel(f.level) ? '请说明问题，差评将转部门整改并答复您' : '说说您的办理体验（选填）'}
            maxLength={COMMENT_MAX}
            showCount
            rows={3}
            value={f.comment}
            onChange={f.setComment}
          />
        </div>
        <div className={s.field}>
          <Checkbox checked={f.anonymous} onChange={f.setAnonymous}>
            匿名评价
          </Checkbox>
        </div>
        <Button block color="primary" loading={f.save.isPending} onClick={() => f.save.mutate()}>
          提交评价
        </Button>
      </div>
    </Popup>
  );
}

/** /mobile/feedback: 好差评 on a phone — rate ended applications and bookings, follow my ratings. */
export default function MobileFeedbackPage() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'mine' ? 'mine' : 'pending';
  const [target, setTarget] = useState<PendingRow | null>(null);
  const pending = useQuery({
    queryKey: ['feedback', 'pending', Q],
    queryFn: () => fetchPending(Q).then((r) => r.data),
  });
  const mine = useQuery({
    queryKey: ['feedback', 'mine', Q],
    queryFn: () => fetchMine(Q).then((r) => r.data),
    enabled: tab === 'mine',
  });
  return (
    <div className={s.page}>
      <NavBar className={s.nav} onBack={() => navigate('/mobile/home')}>
        好差评
      </NavBar>
      <Tabs activeKey={tab} onChange={(k) => setParams({ tab: k }, { replace: true })}>
        <Tabs.Tab title={`待评价${pending.data?.total ? `(${pending.data.total})` : ''}`} key="pending">
          {pending.isPending ? (
            <div className={s.body}>
              <Skeleton.Paragraph lineCount={5} animated />
            </div>
          ) : !pending.data?.list.length ? (
            <ErrorBlock status="empty" title="没有待评价的办件" description="" />
          ) : (
            <List>
              {pending.data.list.map((p) => (
                <List.Item
                  key={`${p.kind}-${p.refId}`}
                  description={
                    <div className={s.meta}>
                      {p.departmentName} · 办结于 {time(p.endedAt)}
                    </div>
                  }
                  extra={
                    <Button size="small" color="primary" onClick={() => setTarget(p)}>
                      评价
                    </Button>
                  }
                >
                  {p.itemName}
                </List.Item>
              ))}
            </List>
          )}
        </Tabs.Tab>
        <Tabs.Tab title="我的评价" key="mine">
          {mine.isPending ? (
            <div className={s.body}>
              <Skeleton.Paragraph lineCount={5} animated />
            </div>
          ) : !mine.data?.list.length ? (
            <ErrorBlock status="empty" title="还没有评价" description="" />
          ) : (
            <List>
              {mine.data.list.map((e) => (
                <List.Item
                  key={e.id}
                  description={
                    <>
                      <div className={s.meta}>
                        {time(e.createdAt)} {e.labels.join('、')}
                      </div>
                      {e.comment && <div>{e.comment}</div>}
                      {e.reply && <div className={s.answer}>平台回复：{e.reply}</div>}
                      {e.rectification && (
                        <div className={s.answer}>
                          <Tag color={e.rectification.status === 'closed' ? 'success' : 'warning'}>
                            {RECTIFY_STATUS_LABELS[e.rectification.status]}
                          </Tag>{' '}
                          {e.rectification.reply ? `部门答复：${e.rectification.reply}` : '部门整改中，请等待答复'}
                        </div>
                      )}
                    </>
                  }
                  extra={<Tag color={isBadLevel(e.level) ? 'danger' : 'success'}>{LEVEL_LABELS[e.level]}</Tag>}
                >
                  {e.itemName}
                </List.Item>
              ))}
            </List>
          )}
        </Tabs.Tab>
      </Tabs>
      <RateSheet target={target} onClose={() => setTarget(null)} />
    </div>
  );
}
