import { useSearchParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Badge, Card, Tabs } from 'antd';
import { taskCounts } from '@/modules/workflow/api';
import { TASK_LIST_TYPES, type TaskListType } from '@/modules/workflow/contract';
import { TASK_TYPE_LABELS } from '@/modules/workflow/components/labels';
import { TaskTable } from '../components/task-table';
import s from '../components/approval.module.css';

const isType = (v: string | null): v is TaskListType => !!v && (TASK_LIST_TYPES as readonly string[]).includes(v);

/** /web/taskCenter/taskWorkBench[?type=dsp|wfq|ysp|cswd]: the four lists with their counts. */
export default function TaskWorkBenchPage() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('type');
  const type: TaskListType = isType(raw) ? raw : 'dsp';
  const counts = useQuery({ queryKey: ['workflow', 'counts'], queryFn: () => taskCounts().then((r) => r.data) });

  return (
    <div className={s.page}>
      <Card>
        <Tabs
          activeKey={type}
          onChange={(k) => setParams({ type: k }, { replace: true })}
          items={TASK_LIST_TYPES.map((t) => ({
            key: t,
            label: (
              <span data-tab={t}>
                {TASK_TYPE_LABELS[t]}
                <Badge
                  className={s.tabBadge}
                  count={counts.data?.[t] ?? 0}
                  overflowCount={999}
                  showZero={false}
                  color={t === 'dsp' ? undefined : '#bfbfbf'}
                />
              </span>
            ),
            // One table per tab, mounted when shown: each keeps its own filters and page.
            children: <TaskTable type={t} />,
          }))}
          destroyOnHidden
        />
      </Card>
    </div>
  );
}
