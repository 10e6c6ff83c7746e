import { useState } from 'react';
import { App, Button, Card, Space, Table, Tag, Tooltip, Upload } from 'antd';
import { DownloadOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { HttpError } from '@/core/http';
import { Codes } from '@/shared/errors';
import {
  disableAccount,
  downloadImportTemplate,
  enableAccount,
  exportAccounts,
  importAccounts,
  listAccounts,
  unlockAccount,
} from '@/modules/accounts/api';
import { KIND_TEXT, type AccountSummary, type ImportAnswer } from '@/modules/accounts/contract';
import { AccountDrawer } from '../components/account-drawer';
import { AccountFilters, type FilterValues } from '../components/account-filters';
import { ImportResultModal } from '../components/import-result-modal';
import { ResetPasswordModal } from '../components/reset-password-modal';
import { saveFile } from '@/core/ui/save-file';
import s from './account-page.module.css';

/** /cms/systemSetting/account: every account of the university, filtered and paged on the server. */
export default function AccountPage() {
  const { message, modal } = App.useApp();
  const client = useQueryClient();
  const [filter, setFilter] = useState<FilterValues>({});
  const [paging, setPaging] = useState({ page: 1, pageSize: 20 });
  const [editing, setEditing] = useState<{ id: number | null } | null>(null);
  const [resetting, setResetting] = useState<AccountSummary | null>(null);
  const [importResult, setImportResult] = useState<ImportAnswer | null>(null);

  const list = useQuery({
    queryKey: ['accounts', 'list', filter, paging],
    queryFn: () => listAccounts({ ...filter, ...paging }).then((r) => r.data),
    placeholderData: keepPreviousData,
  });
  const refresh = () => client.invalidateQueries({ queryKey: ['accounts'] });

  const act = useMutation({
    mutationFn: ({ fn, id }: { fn: (id: number) => Promise<unknown>; id: number; done: string }) => fn(id),
    onSuccess: (_r, v) => {
      message.success(v.done);
      void refresh();
    },
  });

  const confirmDisable = (a: AccountSummary) =>
    modal.confirm({
      title: `停用账号 ${a.realName}（${a.username}）？`,
      content: '停用后该用户将立即退出登录，且无法再登录，直到重新启用。',
      okText: '停用',
      okButtonProps: { danger: true },
      onOk: () => act.mutateAsync({ fn: disableAccount, id: a.id, done: '账号已停用' }),
    });

  const importer = useMutation({
    mutationFn: (file: File) => importAccounts(file),
    onSuccess: (r) => {
      setImportResult(r.data);
      void refresh();
    },
    onError: (e) => {
      // A partial import kept the valid rows: show which rows failed and why.
      if (e instanceof HttpError && e.code === Codes.partialImportError) {
        setImportResult((e.data as { data: ImportAnswer }).data);
        void refresh();
      }
    },
  });

  const exporter = useMutation({
    mutationFn: () => exportAccounts(filter),
    onSuccess: (r) => saveFile(r.data, `账号-${dayjs().format('YYYYMMDD-HHmm')}.xlsx`),
  });
  const template = useMutation({
    mutationFn: () => downloadImportTemplate(),
    onSuccess: (r) => saveFile(r.data, '账号导入模板.xlsx'),
  });

  return (
    <Card className={s.page}>
      <AccountFilters
        onSearch={(f) => {
          setFilter(f);
          setPaging((p) => ({ ...p, page: 1 }));
        }}
      />
      <Space className={s.toolbar} wrap>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ id: null })}>
          新增
        </Button>
        <Upload
          accept=".xlsx"
          showUploadList={false}
          beforeUpload={(file) => {
            importer.mutate(file);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} loading={importer.isPending}>
            导入
          </Button>
        </Upload>
        <Button icon={<DownloadOutlined />} loading={exporter.isPending} onClick={() => exporter.mutate()}>
          导出
        </Button>
        <Button type="link" onClick={() => template.mutate()} loading={template.isPending}>
          下载模板
        </Button>
      </Space>
      <Table<AccountSummary>
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        scroll={{ x: 1200 }}
        pagination={{
          current: paging.page,
          pageSize: paging.pageSize,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (t) => `共 ${t} 个账号`,
        }}
        onChange={(p) => setPaging({ page: p.current ?? 1, pageSize: p.pageSize ?? 20 })}
        columns={[
          { title: '用户名', dataIndex: 'username', width: 150 },
          { title: '姓名', dataIndex: 'realName', width: 110 },
          { title: '学工号', dataIndex: 'userNo', width: 140 },
          { title: '类型', dataIndex: 'kind', width: 80, render: (k: AccountSummary['kind']) => KIND_TEXT[k] ?? k },
          { title: '部门', dataIndex: 'departmentName', ellipsis: true, render: (v: string | null) => v ?? '—' },
          {
            title: '角色',
            dataIndex: 'roles',
            ellipsis: true,
            render: (roles: AccountSummary['roles']) =>
              roles.length ? roles.map((r) => <Tag key={r.id}>{r.name}</Tag>) : '—',
          },
          {
            title: '状态',
            key: 'status',
            width: 120,
            render: (_v, a) => (
              <Space size={4}>
                {a.status === 'disabled' ? <Tag color="default">停用</Tag> : <Tag color="success">正常</Tag>}
                {a.locked && (
                  <Tooltip title={`锁定至 ${dayjs(a.lockedUntil).format('YYYY-MM-DD HH:mm')}`}>
                    <Tag color="error">锁定</Tag>
                  </Tooltip>
                )}
              </Space>
            ),
          },
          {
            title: '最近登录',
            dataIndex: 'lastLoginAt',
            width: 160,
            render: (v: number | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : '从未登录'),
          },
          {
            title: '操作',
            key: 'actions',
            width: 250,
            fixed: 'right',
            render: (_v, a) => (
              <Space size={0} wrap={false}>
                <Button type="link" size="small" onClick={() => setEditing({ id: a.id })}>
                  编辑
                </Button>
                {a.status === 'disabled' ? (
                  <Button
                    type="link"
                    size="small"
                    onClick={() => act.mutate({ fn: enableAccount, id: a.id, done: '账号已启用' })}
                  >
                    启用
                  </Button>
                ) : (
                  <Button type="link" size="small" danger onClick={() => confirmDisable(a)}>
                    停用
                  </Button>
                )}
                {a.locked && (
                  <Button
                    type="link"
                    size="small"
                    onClick={() => act.mutate({ fn: unlockAccount, id: a.id, done: '账号已解锁' })}
                  >
                    解锁
                  </Button>
                )}
                <Button type="link" size="small" onClick={() => setResetting(a)}>
                  重置密码
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <AccountDrawer id={editing?.id ?? null} open={editing !== null} onClose={() => setEditing(null)} />
      <ResetPasswordModal account={resetting} onClose={() => setResetting(null)} />
      <ImportResultModal result={importResult} onClose={() => setImportResult(null)} />
    </Card>
  );
}
