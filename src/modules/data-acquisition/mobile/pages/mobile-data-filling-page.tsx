import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Button, ErrorBlock, List, NavBar, NoticeBar, Skeleton, Tabs, Tag, Toast } from 'antd-mobile';
import '@/core/ui/antd-mobile-setup';
import { MobileFormRenderer } from '@/modules/forms/ui-mobile';
import { listMine } from '../../api';
import { PART_STATE_LABELS, RECORD_STATE_LABELS, type FillAnswer, type RecordState } from '../../contract';
import { time } from '../../components/labels';
import { useFill } from '../../components/use-fill';
import s from './mobile-acquisition.module.css';

const TAG: Record<RecordState, 'default' | 'primary' | 'success' | 'warning' | 'danger'> = {
  draft: 'default',
  submitted: 'primary',
  approving: 'primary',
  approved: 'primary',
  returned: 'warning',
  rejected: 'danger',
  written: 'success',
};

const doneText = (a: FillAnswer) =>
  a.recordState === 'written'
    ? '提交成功，已入库'
    : a.recordState === 'approving'
      ? '提交成功，等待审批'
      : a.recordState === 'submitted'
        ? '提交成功，等待入库审核'
        : '您的部分已提交';

function MobileFill({ assignmentId, onBack }: { assignmentId: number; onBack: () => void }) {
  const f = useFill(assignmentId, (a, submitted) => {
    Toast.show({ icon: 'success', content: submitted ? doneText(a) : '已暂存' });
    if (submitted) onBack();
  });
  const v = f.view.data;
  const bar = (
    <NavBar className={s.nav} onBack={onBack}>
      {v?.title ?? '数据填报'}
    </NavBar>
  );
  if (f.view.isError)
    return (
      <div className={s.page}>
        {bar}
        <ErrorBlock status="default" title="无法打开该填报" description="任务不存在或不是您的填报" />
      </div>
    );
  if (!v || !f.schema)
    return (
      <div className={s.page}>
        {bar}
        <div className={s.body}>
          <Skeleton.Paragraph lineCount={8} animated />
        </div>
      </div>
    );
  return (
    <div className={`${s.page} ${v.canEdit ? s.withBar : ''}`}>
      {bar}
      <div className={s.body}>
        <NoticeBar
          className={s.notice}
          color="info"
          wrap
          content={`${v.recordLabel} · 截止 ${time(v.deadline)} · ${PART_STATE_LABELS[v.part]} · ${RECORD_STATE_LABELS[v.recordState]}`}
        />
        {v.description && <NoticeBar className={s.notice} color="info" wrap content={v.description} />}
        {v.recordState === 'returned' && v.note && (
          <NoticeBar className={s.notice} color="alert" wrap content={`退回原因：${v.note}`} />
        )}
        {v.parts.length > 0 && (
          <NoticeBar
            className={s.notice}
            color="info"
            wrap
            content={`协同填报：${v.parts.map((p) => `${p.userName}（${PART_STATE_LABELS[p.part]}）`).join('、')}`}
          />
        )}
        <MobileFormRenderer
          schema={f.schema}
          values={f.values}
          onChange={v.canEdit ? f.setValues : undefined}
          mode={v.canEdit ? 'fill' : 'readOnly'}
          errors={f.errors}
          upload={v.canEdit ? f.upload : undefined}
          pickers={f.pickers}
        />
      </div>
      {v.canEdit && (
        <div className={s.bar}>
          <Button size="large" loading={f.save.isPending} onClick={() => f.save.mutate()}>
            暂存
          </Button>
          <Button
            size="large"
            color="primary"
            loading={f.submit.isPending}
            onClick={() =>
              f.submit.mutate(undefined, {
                onError: (e) => {
                  if (!('code' in (e as object))) Toast.show({ icon: 'fail', content: (e as Error).message });
                },
              })
            }
          >
            {v.recordState === 'returned' ? '重新提交' : '提交'}
          </Button>
        </div>
      )}
    </div>
  );
}

/** /mobile/dataFilling: my collection tasks on a phone (待填报 / 已提交); ?assignmentId= opens the fill. */
export default function MobileDataFillingPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const open = Number(params.get('assignmentId')) || null;
  const [scope, setScope] = useState<'open' | 'done'>('open');
  const q = { page: 1, pageSize: 50, scope };
  const list = useQuery({
    queryKey: ['acquisition', 'mine', q],
    queryFn: () => listMine(q).then((r) => r.data),
    enabled: open === null,
  });
  if (open !== null) return <MobileFill assignmentId={open} onBack={() => setParams({}, { replace: true })} />;
  return (
    <div className={s.page}>
      <NavBar className={s.nav} onBack={() => navigate('/mobile/home')}>
        数据填报
      </NavBar>
      <Tabs activeKey={scope} onChange={(k) => setScope(k as 'open' | 'done')}>
        <Tabs.Tab title="待填报" key="open" />
        <Tabs.Tab title="已提交" key="done" />
      </Tabs>
      {list.isPending ? (
        <div className={s.body}>
          <Skeleton.Paragraph lineCount={5} animated />
        </div>
      ) : !list.data?.list.length ? (
        <ErrorBlock status="empty" title={scope === 'open' ? '暂无待填报的任务' : '暂无已提交的填报'} description="" />
      ) : (
        <List>
          {list.data.list.map((m) => (
            <List.Item
              key={m.assignmentId}
              onClick={() => setParams({ assignmentId: String(m.assignmentId) })}
              description={
                <>
                  <div className={s.meta}>
                    {m.recordLabel} · 截止 {time(m.deadline)}
                  </div>
                  <div className={s.tags}>
                    <Tag color={m.part === 'submitted' ? 'success' : 'default'}>{PART_STATE_LABELS[m.part]}</Tag>
                    <Tag color={TAG[m.recordState]}>{RECORD_STATE_LABELS[m.recordState]}</Tag>
                  </div>
                </>
              }
            >
              {m.title}
            </List.Item>
          ))}
        </List>
      )}
      <div className={s.body}>
        <Button block fill="outline" onClick={() => navigate('/mobile/fillingRecords')}>
          填报记录
        </Button>
      </div>
    </div>
  );
}
