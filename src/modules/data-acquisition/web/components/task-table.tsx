import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Popconfirm, Progress, Space, Table, Tag } from 'antd';
import { closeTask, deleteTask, listTasks } from '../../api';
import { TASK_STATUS_LABELS, type TaskListItem, type TaskStatus } from '../../contract';
import { time } from '../../components/labels';
import { paths } from '../paths';
import { SearchInput } from '@/core/ui/text-input';

const PAGE_SIZE = 10;
const STATUS_COLORS: Record<TaskStatus, string> = { draft: 'default', published: 'processing', closed: 'success' };

/** My collection tasks with their progress (all, or only collaborative ones) and what I can do with each. */
export function TaskTable({ collaborative, onOpen }: { collaborative?: boolean; onOpen?: (t: TaskListItem) => void }) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const { message } = App.useApp();
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const q = { page, pageSize: PAGE_SIZE, keyword: keyword || undefined, collaborative };
  const list = useQuery({
    queryKey: ['acquisition', 'tasks', q],
    queryFn: () => listTasks(q).then((r) => r.data),
    placeholderData: keepPreviousData,
  });
  const refresh = () => qc.invalidateQueries({ queryKey: ['acquisition', 'tasks'] });
  const close = useMutation({ mutationFn: closeTask, onSuccess: () => (message.success('任务已结束'), refresh()) });
  const remove = useMutation({ mutationFn: deleteTask, onSuccess: () => (message.success('删除成功'), refresh()) });
  return (
    <>
      <Space style={{ marginBottom: 12 }}>
        <SearchInput
          allowClear
          placeholder="搜索任务名称"
          aria-label="搜索任务"
          style={{ width: 260 }}
          maxLength={60}
          onSearch={(v) => {
            setKeyword(v.trim());
            setPage(1);
          }}
        />
        <Button type="primary" onClick={() => navigate(paths.create())}>
          新建任务
        </Button>
      </Space>
      <Table<TaskListItem>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.list}
        locale={{ emptyText: '暂无采集任务' }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: list.data?.total ?? 0,
          onChange: setPage,
          showSizeChanger: false,
        }}
        columns={[
          {
            title: '任务名称',
            dataIndex: 'title',
            render: (t: string, r) => (
              <Space>
                {t}
                {r.collaborative && <Tag color="purple">协同</Tag>}
              </Space>
            ),
          },
          { title: '表单', dataIndex: 'formName' },
          {
            title: '状态',
            dataIndex: 'status',
            width: 90,
            render: (s: TaskStatus) => <Tag color={STATUS_COLORS[s]}>{TASK_STATUS_LABELS[s]}</Tag>,
          },
          { title: '截止时间', dataIndex: 'deadline', width: 150, render: (d: number) => time(d) },
          {
            title: '进度',
            width: 220,
            render: (_: unknown, r) =>
              r.status === 'draft' ? (
                '—'
              ) : (
                <Space size={4} style={{ width: '100%' }} orientation="vertical">
                  <Progress
                    aria-label="提交进度"
                    size="small"
                    percent={r.progress.records ? Math.round((r.progress.submitted / r.progress.records) * 100) : 0}
                  />
                  <span style={{ fontSize: 12 }}>
                    已提交 {r.progress.submitted}/{r.progress.records} · 已入库 {r.progress.written}
                    {r.progress.returned ? ` · 退回 ${r.progress.returned}` : ''}
                  </span>
                </Space>
              ),
          },
          {
            title: '操作',
            width: 250,
            render: (_: unknown, r) => (
              <Space size={4} wrap>
                {r.status === 'draft' && (
                  <>
                    <Button size="small" onClick={() => navigate(paths.create(r.id))}>
                      编辑
                    </Button>
                    <Button size="small" type="primary" onClick={() => navigate(paths.preview(r.id))}>
                      发布预览
                    </Button>
                    <Popconfirm title="删除这个草稿任务？" onConfirm={() => remove.mutate(r.id)}>
                      <Button size="small" danger>
                        删除
                      </Button>
                    </Popconfirm>
                  </>
                )}
                {r.status !== 'draft' && (
                  <Button
                    size="small"
                    type="primary"
                    onClick={() => (onOpen ? onOpen(r) : navigate(paths.progress(r.id)))}
                  >
                    进度
                  </Button>
                )}
                {r.status === 'published' && (
                  <Popconfirm title="结束后不能再填报，确定结束？" onConfirm={() => close.mutate(r.id)}>
                    <Button size="small">结束</Button>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
    </>
  );
}
