import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, ErrorBlock, List, NavBar, Tabs, Tag, Toast } from 'antd-mobile';
import '@/core/ui/antd-mobile-setup';
import { PhoneListBody, PhoneSearch, usePhoneList } from '@/core/ui/phone-list';
import phone from '@/core/ui/phone-page.module.css';
import { fetchOverview, fetchScope, fetchTasks, urgeTask } from '../../api';
import { DUE_SOON_HOURS, OPEN_KIND_LABELS, OPEN_KINDS, type OpenKind, type SupervisedTaskItem } from '../../contract';
import { dueText, percent, shortTime } from '../../components/format';
import s from './mobile-supervise.module.css';

/** /mobile/efficiencySupervise: the key counts and the overdue (or soon-due) approvals, with 催办. */
export default function MobileSupervisePage() {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [kind, setKind] = useState<OpenKind>('overdue');
  const [keyword, setKeyword] = useState('');
  const scope = useQuery({ queryKey: ['supervise', 'scope'], queryFn: () => fetchScope().then((r) => r.data) });
  const overview = useQuery({
    queryKey: ['supervise', 'overview', 'phone'],
    queryFn: () => fetchOverview({}).then((r) => r.data),
    enabled: scope.isSuccess,
  });
  // The scope first: a reader without one gets the notice below, not a failing list (the key refetches once it is known).
  const list = usePhoneList<SupervisedTaskItem>(
    ['supervise', 'tasks', 'phone', kind, keyword, scope.isSuccess],
    async (page) =>
      scope.isSuccess
        ? (await fetchTasks({ kind, keyword: keyword || undefined, page, pageSize: 20 })).data
        : { list: [], total: 0, page, pageSize: 20 },
  );
  const urging = useMutation({
    mutationFn: (taskId: number) => urgeTask(taskId),
    onSuccess: () => {
      Toast.show({ icon: 'success', content: '已催办' });
      void qc.invalidateQueries({ queryKey: ['supervise'] });
    },
  });
  const o = overview.data;
  const now = Date.now();
  return (
    <div className={phone.page}>
      <NavBar className={phone.nav} onBack={() => navigate(-1)}>
        效能督查
      </NavBar>
      {scope.isError ? (
        <ErrorBlock status="default" title="无权查看" description="仅校领导、督查办和部门负责人可以查看" />
      ) : (
        <>
          <div className={s.counts} aria-label="督查概况">
            <div className={`${s.count} ${s.danger}`}>
              <strong>{o?.overdue ?? '—'}</strong>
              <span>已超期</span>
            </div>
            <div className={`${s.count} ${s.warning}`}>
              <strong>{o?.dueSoon ?? '—'}</strong>
              <span>{DUE_SOON_HOURS}小时内到期</span>
            </div>
            <div className={s.count}>
              <strong>{o ? percent(o.lateRate) : '—'}</strong>
              <span>近30天超期率</span>
            </div>
          </div>
          <Tabs className={phone.tabs} activeKey={kind} onChange={(k) => setKind(k as OpenKind)}>
            {OPEN_KINDS.map((k) => (
              <Tabs.Tab key={k} title={OPEN_KIND_LABELS[k]} />
            ))}
          </Tabs>
          <PhoneSearch placeholder="审批事项或承办人" label="搜索审批" onSearch={setKeyword} />
          <PhoneListBody list={list} label={OPEN_KIND_LABELS[kind]} empty="没有需要督办的审批" unit="条">
            {list.rows.map((t) => (
              <List.Item
                key={t.id}
                className={phone.row}
                description={
                  <div className={phone.meta}>
                    <span>
                      {t.assigneeName} · {t.departmentName}
                    </span>
                    <span>
                      {t.processName} · {t.nodeName}
                    </span>
                    <span>时限 {shortTime(t.dueAt)}</span>
                    {t.lastUrgedAt !== null && <span>已催办 {shortTime(t.lastUrgedAt)}</span>}
                  </div>
                }
                extra={
                  <Button
                    size="small"
                    color="primary"
                    loading={urging.isPending && urging.variables === t.id}
                    onClick={() => urging.mutate(t.id)}
                  >
                    催办
                  </Button>
                }
              >
                <div>{t.title}</div>
                <Tag color={kind === 'overdue' ? 'danger' : 'warning'} fill="outline">
                  {dueText(t.dueAt, now)}
                </Tag>
              </List.Item>
            ))}
          </PhoneListBody>
        </>
      )}
    </div>
  );
}
