import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { App, Button, Card, Dropdown, Popconfirm, Select, Space, Table, Tag, Tooltip, Upload } from 'antd';
import { DownOutlined, ImportOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { TextInput } from '@/core/ui/text-input';
import { saveFile } from '@/core/ui/save-file';
import {
  copyForm,
  createForm,
  deleteForm,
  disableForm,
  enableForm,
  getForm,
  listFormCategories,
  listForms,
  publishForm,
} from '@/modules/forms/api';
import { FORM_STATUSES, FORM_STATUS_LABELS, type FormListItem, type FormStatus } from '@/modules/forms/contract';
import { FormCreateModal } from '../components/form-create-modal';
import { HistoryDrawer, VersionsDrawer } from '../components/form-drawers';
import { exportDocument, exportFileName, parseImport } from '../components/form-transfer';
import { serverMessages } from '../components/server-messages';
import { designPath, previewPath } from '../paths';
import s from './form-pages.module.css';

const STATUS_COLOR: Record<FormStatus, string> = { draft: 'default', published: 'success', disabled: 'warning' };
const time = (ms: number) => dayjs(ms).format('YYYY-MM-DD HH:mm');

type Act = 'publish' | 'disable' | 'enable' | 'copy' | 'delete';
const ACT_DONE: Record<Act, string> = {
  publish: '发布成功',
  disable: '已停用',
  enable: '已启用',
  copy: '已复制为新的草稿表单',
  delete: '删除成功',
};
const ACT_CALL: Record<Act, (id: number) => Promise<unknown>> = {
  publish: publishForm,
  disable: disableForm,
  enable: enableForm,
  copy: copyForm,
  delete: deleteForm,
};

/** /cms/workflow/formManage 表单管理: forms filtered and paged on the server; every action on a form. */
export default function FormManagePage() {
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [keywordInput, setKeywordInput] = useState('');
  const [keyword, setKeyword] = useState('');
  const [category, setCategory] = useState<string | undefined>();
  const [status, setStatus] = useState<FormStatus | undefined>();
  const [paging, setPaging] = useState({ page: 1, pageSize: 10 });
  const [creating, setCreating] = useState(false);
  const [versionsOf, setVersionsOf] = useState<FormListItem | null>(null);
  const [historyOf, setHistoryOf] = useState<FormListItem | null>(null);
  const [importing, setImporting] = useState(false);

  const query = { ...paging, keyword: keyword || undefined, category, status };
  const list = useQuery({
    queryKey: ['forms', 'list', query],
    queryFn: () => listForms(query).then((r) => r.data),
    placeholderData: keepPreviousData,
  });
  const categories = useQuery({
    queryKey: ['forms', 'categories'],
    queryFn: () => listFormCategories().then((r) => r.data),
  });
  const refresh = () => qc.invalidateQueries({ queryKey: ['forms'] });

  const showProblems = (title: string, err: unknown) => {
    const list = serverMessages(err);
    if (list.length)
      modal.error({
        title,
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
  };

  const act = useMutation({
    mutationFn: ({ action, id }: { action: Act; id: number }) => ACT_CALL[action](id).then(() => action),
    onSuccess: async (action) => {
      message.success(ACT_DONE[action]);
      await refresh();
    },
    onError: (err, { action }) => {
      if (action === 'publish') showProblems('发布失败：请在设计器中修改以下问题', err);
    },
  });

  const exportJson = async (row: FormListItem) => {
    try {
      const detail = (await getForm(row.id)).data;
      saveFile(
        new Blob([JSON.stringify(exportDocument(detail), null, 2)], { type: 'application/json' }),
        exportFileName(detail.name),
      );
    } catch {
      // The request layer has already said why.
    }
  };

  const importJson = async (file: File) => {
    const parsed = parseImport(await file.text(), file.name);
    if ('error' in parsed) {
      message.error(parsed.error);
      return;
    }
    setImporting(true);
    try {
      const { id } = (await createForm(parsed.body)).data;
      message.success(`已导入为草稿表单“${parsed.body.name}”`);
      await refresh();
      navigate(designPath(id));
    } catch (err) {
      showProblems('导入失败：文件中的表单设计有以下问题', err);
    } finally {
      setImporting(false);
    }
  };

  const search = () => {
    setKeyword(keywordInput.trim());
    setPaging((p) => ({ ...p, page: 1 }));
  };

  const moreItems = (r: FormListItem) => [
    { key: 'copy', label: '复制' },
    { key: 'export', label: '导出表单文件' },
    { key: 'versions', label: '版本', disabled: r.latestVersion === null },
    { key: 'history', label: '修改记录' },
    { type: 'divider' as const },
    { key: 'delete', label: '删除', danger: true, disabled: r.submissionCount > 0 },
  ];
  const onMore = (r: FormListItem, key: string) => {
    if (key === 'copy') act.mutate({ action: 'copy', id: r.id });
    else if (key === 'export') void exportJson(r);
    else if (key === 'versions') setVersionsOf(r);
    else if (key === 'history') setHistoryOf(r);
    else if (key === 'delete') {
      modal.confirm({
        title: `删除表单《${r.name}》？`,
        content: '删除后表单的设计和版本都无法恢复。',
        okText: '删除',
        okButtonProps: { danger: true },
        cancelText: '取消',
        onOk: () => act.mutateAsync({ action: 'delete', id: r.id }).catch(() => undefined),
      });
    }
  };

  return (
    <Card className={s.card}>
      <div className={s.filters}>
        <Space wrap>
          <TextInput
            allowClear
            placeholder="按表单名称搜索"
            className={s.keyword}
            value={keywordInput}
            onChange={(e) => setKeywordInput(e.target.value)}
            onPressEnter={search}
            maxLength={60}
            aria-label="表单名称"
          />
          <Select
            allowClear
            placeholder="全部分类"
            className={s.select}
            aria-label="分类"
            value={category}
            onChange={(v?: string) => {
              setCategory(v);
              setPaging((p) => ({ ...p, page: 1 }));
            }}
            options={(categories.data ?? []).filter(Boolean).map((c) => ({ value: c, label: c }))}
          />
          <Select
            allowClear
            placeholder="全部状态"
            className={s.select}
            aria-label="状态"
            value={status}
            onChange={(v?: FormStatus) => {
              setStatus(v);
              setPaging((p) => ({ ...p, page: 1 }));
            }}
            options={FORM_STATUSES.map((k) => ({ value: k, label: FORM_STATUS_LABELS[k] }))}
          />
          <Button type="primary" onClick={search}>
            查询
          </Button>
          <Tooltip title="刷新">
            <Button icon={<ReloadOutlined />} aria-label="刷新" onClick={() => void refresh()} />
          </Tooltip>
        </Space>
        <Space>
          <Upload
            accept=".json,application/json"
            showUploadList={false}
            beforeUpload={(file) => {
              void importJson(file);
              return false;
            }}
          >
            <Button icon={<ImportOutlined />} loading={importing}>
              导入表单文件
            </Button>
          </Upload>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
            新建表单
          </Button>
        </Space>
      </div>
      <Table<FormListItem>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        locale={{
          emptyText: keyword || category || status ? '没有符合条件的表单' : '暂无表单，点击“新建表单”开始设计',
        }}
        pagination={{
          current: paging.page,
          pageSize: paging.pageSize,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (t) => `共 ${t} 个表单`,
        }}
        onChange={(p) => setPaging({ page: p.current ?? 1, pageSize: p.pageSize ?? 10 })}
        columns={[
          {
            title: '表单名称',
            dataIndex: 'name',
            ellipsis: true,
            render: (v: string, r) => (
              <Button type="link" className={s.nameLink} onClick={() => navigate(designPath(r.id))}>
                {v}
              </Button>
            ),
          },
          { title: '分类', dataIndex: 'category', width: 140, render: (v: string) => v || '—' },
          {
            title: '状态',
            dataIndex: 'status',
            width: 90,
            render: (v: FormStatus) => <Tag color={STATUS_COLOR[v]}>{FORM_STATUS_LABELS[v]}</Tag>,
          },
          {
            title: '最新版本',
            dataIndex: 'latestVersion',
            width: 190,
            render: (v: number | null, r) => (
              <Space size={4} wrap>
                <span>{v === null ? '未发布' : `v${v}`}</span>
                {r.draftChanged && v !== null && <Tag color="orange">有未发布的修改</Tag>}
              </Space>
            ),
          },
          { title: '提交数', dataIndex: 'submissionCount', width: 90, align: 'right' },
          { title: '修改人', dataIndex: 'updatedBy', width: 110, ellipsis: true },
          { title: '修改时间', dataIndex: 'updatedAt', width: 150, render: time },
          {
            title: '操作',
            key: 'actions',
            width: 300,
            render: (_, r) => (
              <Space size={0} wrap>
                <Button type="link" size="small" onClick={() => navigate(designPath(r.id))}>
                  设计
                </Button>
                <Button type="link" size="small" onClick={() => navigate(previewPath(r.id))}>
                  预览
                </Button>
                <Popconfirm
                  title={`发布《${r.name}》？`}
                  description={r.latestVersion ? `当前设计将发布为第 ${r.latestVersion + 1} 版` : '发布后即可填写'}
                  okText="发布"
                  cancelText="取消"
                  onConfirm={() => act.mutateAsync({ action: 'publish', id: r.id }).catch(() => undefined)}
                >
                  <Button
                    type="link"
                    size="small"
                    disabled={r.latestVersion !== null && !r.draftChanged}
                    title={r.latestVersion !== null && !r.draftChanged ? '没有未发布的修改' : undefined}
                  >
                    发布
                  </Button>
                </Popconfirm>
                {r.status === 'published' && (
                  <Popconfirm
                    title={`停用《${r.name}》？`}
                    description="停用后将不能再填写，已有提交保留"
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
                <Dropdown menu={{ items: moreItems(r), onClick: ({ key }) => onMore(r, key) }} trigger={['click']}>
                  <Button type="link" size="small" aria-label={`更多操作 ${r.name}`}>
                    更多 <DownOutlined />
                  </Button>
                </Dropdown>
              </Space>
            ),
          },
        ]}
      />
      <FormCreateModal
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(id) => {
          setCreating(false);
          void refresh();
          navigate(designPath(id));
        }}
      />
      <VersionsDrawer
        form={versionsOf}
        onClose={() => setVersionsOf(null)}
        onPreview={(id, v) => navigate(previewPath(id, v))}
      />
      <HistoryDrawer form={historyOf} onClose={() => setHistoryOf(null)} />
    </Card>
  );
}
