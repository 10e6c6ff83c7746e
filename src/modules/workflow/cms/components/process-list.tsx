import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { App, Button, Card, Drawer, Empty, List, Popconfirm, Space, Table, Tag, Tooltip } from 'antd';
import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { TextInput } from '@/core/ui/text-input';
import { disableProcess, enableProcess, listProcesses, processVersions, publishProcess } from '@/modules/workflow/api';
import type { ProcessListItem, ProcessStatus } from '@/modules/workflow/contract';
import { processDesignerPath } from '../paths';
import { FormSelect } from './form-select';
import { ProcessCreateModal } from './process-create-modal';
import { serverMessages } from './server-messages';
import s from './cms.module.css';

export const PROCESS_STATUS_LABELS: Record<ProcessStatus, string> = {
  draft: '草稿',
  published: '已发布',
  disabled: '已停用',
};
const STATUS_COLOR: Record<ProcessStatus, string> = { draft: 'default', published: 'success', disabled: 'warning' };
const time = (ms: number) => dayjs(ms).format('YYYY-MM-DD HH:mm');

type Act = 'publish' | 'disable' | 'enable';
const ACT_DONE: Record<Act, string> = { publish: '发布成功', disable: '已停用', enable: '已启用' };
const ACT_CALL: Record<Act, (id: number) => Promise<unknown>> = {
  publish: publishProcess,
  disable: disableProcess,
  enable: enableProcess,
};

function VersionsDrawer({ process, onClose }: { process: ProcessListItem | null; onClose: () => void }) {
  const q = useQuery({
    queryKey: ['workflow', 'versions', process?.id],
    queryFn: () => processVersions(process!.id).then((r) => r.data),
    enabled: !!process,
  });
  return (
    <Drawer title={process ? `《${process.name}》的版本` : ''} open={!!process} onClose={onClose} size="default">
      <List
        loading={q.isFetching}
        dataSource={[...(q.data ?? [])].reverse()}
        locale={{ emptyText: <Empty description="尚未发布" /> }}
        renderItem={(v) => (
          <List.Item>
            <List.Item.Meta title={`v${v.version}`} description={`${time(v.publishedAt)} · ${v.publishedBy} 发布`} />
          </List.Item>
        )}
      />
    </Drawer>
  );
}

/** The processes, filtered and paged on the server, with 新建 / 设计 / 发布 / 停用 / 启用 / 版本. */
export function ProcessList() {
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [keywordInput, setKeywordInput] = useState('');
  const [keyword, setKeyword] = useState('');
  const [formId, setFormId] = useState<number | undefined>();
  const [paging, setPaging] = useState({ page: 1, pageSize: 10 });
  const [creating, setCreating] = useState(false);
  const [versionsOf, setVersionsOf] = useState<ProcessListItem | null>(null);

  const query = { ...paging, keyword: keyword || undefined, formId };
  const list = useQuery({
    queryKey: ['workflow', 'processes', query],
    queryFn: () => listProcesses(query).then((r) => r.data),
    placeholderData: keepPreviousData,
  });
  const refresh = () => qc.invalidateQueries({ queryKey: ['workflow', 'processes'] });

  const act = useMutation({
    mutationFn: ({ action, id }: { action: Act; id: number }) => ACT_CALL[action](id).then(() => action),
    onSuccess: async (action) => {
      message.success(ACT_DONE[action]);
      await refresh();
    },
    onError: (err, { action }) => {
      const list = action === 'publish' ? serverMessages(err) : [];
      if (list.length)
        modal.error({
          title: '发布失败：请在设计器中修改以下问题',
          content: (
            <ul className={s.problems}>
              {list.map((m, i) => (
                <li key={i}>{m}</li>
              ))}
            </ul>
          ),
          okText: '知道了',
          width: 560,
        });
    },
  });

  const search = () => {
    setKeyword(keywordInput.trim());
    setPaging((p) => ({ ...p, page: 1 }));
  };
  const open = (id: number) => navigate(processDesignerPath(id));

  return (
    <Card className={s.card}>
      <div className={s.filters}>
        <Space wrap>
          <TextInput
            allowClear
            placeholder="按流程名称搜索"
            className={s.keyword}
            value={keywordInput}
            onChange={(e) => setKeywordInput(e.target.value)}
            onPressEnter={search}
            maxLength={60}
            aria-label="流程名称"
          />
          <FormSelect
            allowClear
            className={s.select}
            aria-label="绑定表单"
            placeholder="全部表单"
            value={formId}
            onChange={(v) => {
              setFormId(v);
              setPaging((p) => ({ ...p, page: 1 }));
            }}
          />
          <Button type="primary" onClick={search}>
            查询
          </Button>
          <Tooltip title="刷新">
            <Button icon={<ReloadOutlined />} aria-label="刷新" onClick={() => void refresh()} />
          </Tooltip>
        </Space>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
          新建流程
        </Button>
      </div>
      <Table<ProcessListItem>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        locale={{ emptyText: keyword || formId ? '没有符合条件的流程' : '暂无流程，点击“新建流程”开始设计' }}
        pagination={{
          current: paging.page,
          pageSize: paging.pageSize,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (t) => `共 ${t} 个流程`,
        }}
        onChange={(p) => setPaging({ page: p.current ?? 1, pageSize: p.pageSize ?? 10 })}
        columns={[
          {
            title: '流程名称',
            dataIndex: 'name',
            ellipsis: true,
            render: (v: string, r) => (
              <Button type="link" className={s.nameLink} onClick={() => open(r.id)}>
                {v}
              </Button>
            ),
          },
          { title: '绑定表单', dataIndex: 'formName', ellipsis: true },
          {
            title: '状态',
            dataIndex: 'status',
            width: 90,
            render: (v: ProcessStatus) => <Tag color={STATUS_COLOR[v]}>{PROCESS_STATUS_LABELS[v]}</Tag>,
          },
          {
            title: '最新版本',
            dataIndex: 'latestVersion',
            width: 100,
            render: (v: number | null) => (v === null ? '未发布' : `v${v}`),
          },
          { title: '修改人', dataIndex: 'updatedBy', width: 110, ellipsis: true },
          { title: '修改时间', dataIndex: 'updatedAt', width: 150, render: time },
          {
            title: '操作',
            key: 'actions',
            width: 280,
            render: (_, r) => (
              <Space size={0} wrap>
                <Button type="link" size="small" onClick={() => open(r.id)}>
                  设计
                </Button>
                <Popconfirm
                  title={`发布《${r.name}》？`}
                  description={
                    r.latestVersion
                      ? `当前设计将发布为第 ${r.latestVersion + 1} 版，进行中的审批仍按原版本`
                      : '发布后提交表单即发起此流程'
                  }
                  okText="发布"
                  cancelText="取消"
                  onConfirm={() => act.mutateAsync({ action: 'publish', id: r.id }).catch(() => undefined)}
                >
                  <Button type="link" size="small">
                    发布
                  </Button>
                </Popconfirm>
                {r.status === 'published' && (
                  <Popconfirm
                    title={`停用《${r.name}》？`}
                    description="停用后不再发起新的审批，进行中的审批不受影响"
                    okText="停用"
                    cancelText="取消"
                    onConfirm={() => act.mutateAsync({ action: 'disable', id: r.id }).catch(() => undefined)}
                  >
                    <Button type="link" size="small">
                      停用
                    </Button>
                  </Popconfirm>
                )}
                {r.status === 'disabled' && (
                  <Button type="link" size="small" onClick={() => act.mutate({ action: 'enable', id: r.id })}>
                    启用
                  </Button>
                )}
                <Button type="link" size="small" disabled={r.latestVersion === null} onClick={() => setVersionsOf(r)}>
                  版本
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <ProcessCreateModal
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(id) => {
          setCreating(false);
          void refresh();
          open(id);
        }}
      />
      <VersionsDrawer process={versionsOf} onClose={() => setVersionsOf(null)} />
    </Card>
  );
}
