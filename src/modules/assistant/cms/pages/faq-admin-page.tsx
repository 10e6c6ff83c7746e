import { useState } from 'react';
import { TextButton } from '@/core/ui/text-button';
import {
  App,
  Badge,
  Button,
  Card,
  Form,
  InputNumber,
  Modal,
  Popconfirm,
  Segmented,
  Select,
  Space,
  Table,
  Tabs,
  Tag,
  Tooltip,
} from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { TextInput } from '@/core/ui/text-input';
import {
  adminCategories,
  adminQuestions,
  deleteCategory,
  deleteQuestion,
  handleAsked,
  listAsked,
  saveCategory,
} from '@/modules/assistant/api';
import {
  ASKED_STATUS_LABELS,
  ASSISTANT_LIMITS,
  type AdminCategory,
  type AdminQuestionRow,
  type AskedRow,
  type AskedStatus,
  type FaqStatus,
} from '@/modules/assistant/contract';
import { QuestionDrawer } from '../components/question-drawer';
import s from './faq-admin-page.module.css';

const STATUS: Record<FaqStatus, { text: string; color: string }> = {
  published: { text: '已发布', color: 'success' },
  draft: { text: '草稿', color: 'default' },
};
const ASKED_COLOR: Record<AskedStatus, string> = { open: 'warning', answered: 'success', ignored: 'default' };

/** /cms/serviceTool/assistantFaq 智能助手问答: FAQ by category, and the questions nobody answered yet. */
export default function FaqAdminPage() {
  const [tab, setTab] = useState('faq');
  const open = useQuery({
    queryKey: ['assistant', 'asked', { status: 'open', page: 1, pageSize: 1 }],
    queryFn: () => listAsked({ status: 'open', page: 1, pageSize: 1 }).then((r) => r.data),
  });
  return (
    <Tabs
      activeKey={tab}
      onChange={setTab}
      items={[
        { key: 'faq', label: '常见问题', children: <FaqTab /> },
        {
          key: 'asked',
          label: (
            <Badge count={open.data?.total ?? 0} size="small" offset={[10, 0]}>
              未解答问题
            </Badge>
          ),
          children: <AskedTab />,
        },
      ]}
    />
  );
}

function FaqTab() {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [categoryId, setCategoryId] = useState<number | null>(null);
  const [status, setStatus] = useState<FaqStatus | undefined>();
  const [keywordInput, setKeywordInput] = useState('');
  const [keyword, setKeyword] = useState('');
  const [paging, setPaging] = useState({ page: 1, pageSize: 10 });
  const [editing, setEditing] = useState<{ id: number | null } | null>(null);
  const [categoryForm, setCategoryForm] = useState<{ category: AdminCategory | null } | null>(null);

  const categories = useQuery({
    queryKey: ['assistant', 'adminCategories'],
    queryFn: () => adminCategories().then((r) => r.data),
  });
  const query = { categoryId: categoryId ?? undefined, status, keyword: keyword || undefined, ...paging };
  const questions = useQuery({
    queryKey: ['assistant', 'adminQuestions', query],
    queryFn: () => adminQuestions(query).then((r) => r.data),
    placeholderData: keepPreviousData,
  });
  const refresh = async () => {
    await qc.invalidateQueries({ queryKey: ['assistant'] });
  };
  const removeCategory = useMutation({
    mutationFn: (id: number) => deleteCategory(id).then(() => id),
    onSuccess: async (id) => {
      message.success('分类已删除');
      if (categoryId === id) setCategoryId(null);
      await refresh();
    },
  });
  const removeQuestion = useMutation({
    mutationFn: (id: number) => deleteQuestion(id),
    onSuccess: async () => {
      message.success('已删除');
      await refresh();
    },
  });
  const pick = (id: number | null) => {
    setCategoryId(id);
    setPaging((p) => ({ ...p, page: 1 }));
  };
  const total = (categories.data ?? []).reduce((n, c) => n + c.count, 0);

  return (
    <div className={s.layout}>
      <Card
        title="问题分类"
        loading={categories.isPending}
        extra={
          <Button type="link" icon={<PlusOutlined />} onClick={() => setCategoryForm({ category: null })}>
            新增
          </Button>
        }
      >
        <button
          type="button"
          className={`${s.categoryItem} ${categoryId === null ? s.categoryActive : ''}`}
          onClick={() => pick(null)}
        >
          <span>全部问题</span>
          <Badge count={total} showZero color="#666" overflowCount={9999} />
        </button>
        {(categories.data ?? []).map((c) => (
          <div
            key={c.id}
            className={`${s.categoryItem} ${categoryId === c.id ? s.categoryActive : ''}`}
            onClick={() => pick(c.id)}
          >
            <TextButton pressed={categoryId === c.id} onClick={() => pick(c.id)}>
              {c.name}
            </TextButton>
            <Space size={0} onClick={(e) => e.stopPropagation()}>
              <Badge count={c.count} showZero color="#666" />
              <Tooltip title="编辑分类">
                <Button
                  type="text"
                  size="small"
                  icon={<EditOutlined />}
                  aria-label={`编辑分类 ${c.name}`}
                  onClick={() => setCategoryForm({ category: c })}
                />
              </Tooltip>
              <Popconfirm
                title={`删除分类「${c.name}」？`}
                description={c.count > 0 ? '该分类下还有问题，请先移走或删除' : '删除后无法恢复'}
                okText="删除"
                okButtonProps={{ danger: true, disabled: c.count > 0 }}
                cancelText="取消"
                onConfirm={() => removeCategory.mutateAsync(c.id)}
              >
                <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={`删除分类 ${c.name}`} />
              </Popconfirm>
            </Space>
          </div>
        ))}
      </Card>
      <Card title={categories.data?.find((c) => c.id === categoryId)?.name ?? '全部问题'}>
        <div className={s.filters}>
          <Space wrap>
            <Select
              allowClear
              aria-label="状态"
              placeholder="全部状态"
              style={{ width: 120 }}
              value={status}
              onChange={(v?: FaqStatus) => {
                setStatus(v);
                setPaging((p) => ({ ...p, page: 1 }));
              }}
              options={(Object.keys(STATUS) as FaqStatus[]).map((k) => ({ value: k, label: STATUS[k].text }))}
            />
            <TextInput
              allowClear
              placeholder="问题关键词"
              style={{ width: 220 }}
              value={keywordInput}
              maxLength={50}
              onChange={(e) => setKeywordInput(e.target.value)}
              onPressEnter={() => {
                setKeyword(keywordInput.trim());
                setPaging((p) => ({ ...p, page: 1 }));
              }}
            />
            <Button
              type="primary"
              onClick={() => {
                setKeyword(keywordInput.trim());
                setPaging((p) => ({ ...p, page: 1 }));
              }}
            >
              查询
            </Button>
          </Space>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            disabled={!categories.data?.length}
            onClick={() => setEditing({ id: null })}
          >
            新增问题
          </Button>
        </div>
        <Table<AdminQuestionRow>
          rowKey="id"
          loading={questions.isFetching}
          dataSource={questions.data?.list ?? []}
          locale={{ emptyText: '暂无问题' }}
          pagination={{
            current: paging.page,
            pageSize: paging.pageSize,
            total: questions.data?.total ?? 0,
            showSizeChanger: true,
            showTotal: (t) => `共 ${t} 条`,
          }}
          onChange={(p) => setPaging({ page: p.current ?? 1, pageSize: p.pageSize ?? 10 })}
          columns={[
            {
              title: '问题',
              dataIndex: 'question',
              ellipsis: true,
              render: (v: string, r) => (
                <Button type="link" style={{ padding: 0 }} onClick={() => setEditing({ id: r.id })}>
                  {v}
                </Button>
              ),
            },
            { title: '分类', dataIndex: 'categoryName', width: 120 },
            { title: '浏览', dataIndex: 'viewCount', width: 80, align: 'right' },
            {
              title: '有帮助 / 没帮助',
              width: 130,
              align: 'right',
              render: (_, r) => `${r.helpfulCount} / ${r.unhelpfulCount}`,
            },
            {
              title: '状态',
              dataIndex: 'status',
              width: 90,
              render: (v: FaqStatus) => <Tag color={STATUS[v].color}>{STATUS[v].text}</Tag>,
            },
            {
              title: '更新时间',
              dataIndex: 'updatedAt',
              width: 150,
              render: (v: number) => dayjs(v).format('YYYY-MM-DD HH:mm'),
            },
            {
              title: '操作',
              width: 120,
              render: (_, r) => (
                <Space size={0}>
                  <Button type="link" size="small" onClick={() => setEditing({ id: r.id })}>
                    编辑
                  </Button>
                  <Popconfirm
                    title="删除该问题？"
                    okText="删除"
                    okButtonProps={{ danger: true }}
                    cancelText="取消"
                    onConfirm={() => removeQuestion.mutateAsync(r.id)}
                  >
                    <Button type="link" size="small" danger>
                      删除
                    </Button>
                  </Popconfirm>
                </Space>
              ),
            },
          ]}
        />
      </Card>
      <QuestionDrawer
        open={editing !== null}
        id={editing?.id ?? null}
        categories={categories.data ?? []}
        defaultCategoryId={categoryId}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          void refresh();
        }}
      />
      <CategoryModal
        state={categoryForm}
        onClose={() => setCategoryForm(null)}
        onSaved={() => {
          setCategoryForm(null);
          void refresh();
        }}
      />
    </div>
  );
}

function CategoryModal(props: {
  state: { category: AdminCategory | null } | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ name: string; sort: number }>();
  const c = props.state?.category ?? null;
  const save = useMutation({
    mutationFn: (v: { name: string; sort: number }) =>
      saveCategory({ ...(c ? { id: c.id } : {}), name: v.name.trim(), sort: v.sort ?? 0 }),
    onSuccess: () => {
      message.success('保存成功');
      props.onSaved();
    },
  });
  return (
    <Modal
      title={c ? '编辑分类' : '新增分类'}
      open={props.state !== null}
      onCancel={props.onClose}
      confirmLoading={save.isPending}
      onOk={() =>
        void form.validateFields().then(
          (v) => save.mutate(v),
          () => undefined,
        )
      }
      destroyOnHidden
      okText="保存"
      cancelText="取消"
    >
      <Form
        name="faq-category"
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ name: c?.name ?? '', sort: c?.sort ?? 0 }}
      >
        <Form.Item
          name="name"
          label="分类名称"
          rules={[{ required: true, whitespace: true, message: '请输入分类名称' }]}
        >
          <TextInput maxLength={ASSISTANT_LIMITS.categoryName} showCount />
        </Form.Item>
        <Form.Item name="sort" label="排序" tooltip="数字越小越靠前">
          <InputNumber min={0} max={9999} precision={0} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function AskedTab() {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [status, setStatus] = useState<AskedStatus | 'all'>('open');
  const [paging, setPaging] = useState({ page: 1, pageSize: 10 });
  const [convert, setConvert] = useState<AskedRow | null>(null);
  const [linking, setLinking] = useState<AskedRow | null>(null);
  const query = { status: status === 'all' ? undefined : status, ...paging };
  const asked = useQuery({
    queryKey: ['assistant', 'asked', query],
    queryFn: () => listAsked(query).then((r) => r.data),
    placeholderData: keepPreviousData,
  });
  const categories = useQuery({
    queryKey: ['assistant', 'adminCategories'],
    queryFn: () => adminCategories().then((r) => r.data),
  });
  const act = useMutation({
    mutationFn: (b: { id: number; action: 'ignore' | 'reopen' }) => handleAsked(b),
    onSuccess: async (_, b) => {
      message.success(b.action === 'ignore' ? '已忽略' : '已重新打开');
      await qc.invalidateQueries({ queryKey: ['assistant'] });
    },
  });

  return (
    <Card>
      <div className={s.filters}>
        <Segmented
          value={status}
          onChange={(v) => {
            setStatus(v as AskedStatus | 'all');
            setPaging((p) => ({ ...p, page: 1 }));
          }}
          options={[
            ...(Object.keys(ASKED_STATUS_LABELS) as AskedStatus[]).map((k) => ({
              value: k,
              label: ASKED_STATUS_LABELS[k],
            })),
            { value: 'all', label: '全部' },
          ]}
        />
      </div>
      <Table<AskedRow>
        rowKey="id"
        loading={asked.isFetching}
        dataSource={asked.data?.list ?? []}
        locale={{ emptyText: '暂无用户提问' }}
        pagination={{
          current: paging.page,
          pageSize: paging.pageSize,
          total: asked.data?.total ?? 0,
          showTotal: (t) => `共 ${t} 条`,
        }}
        onChange={(p) => setPaging({ page: p.current ?? 1, pageSize: p.pageSize ?? 10 })}
        columns={[
          { title: '用户提问', dataIndex: 'text', ellipsis: true },
          { title: '提问次数', dataIndex: 'times', width: 90, align: 'right' },
          { title: '提问人', dataIndex: 'askedBy', width: 100, render: (v: string | null) => v ?? '访客' },
          {
            title: '最近提问',
            dataIndex: 'lastAskedAt',
            width: 150,
            render: (v: number) => dayjs(v).format('YYYY-MM-DD HH:mm'),
          },
          {
            title: '状态',
            dataIndex: 'status',
            width: 90,
            render: (v: AskedStatus) => <Tag color={ASKED_COLOR[v]}>{ASKED_STATUS_LABELS[v]}</Tag>,
          },
          {
            title: '解答',
            dataIndex: 'question',
            ellipsis: true,
            render: (v: string | null, r) =>
              v ? v : r.handledByName ? `${r.handledByName} 于 ${dayjs(r.handledAt).format('MM-DD HH:mm')} 处理` : '—',
          },
          {
            title: '操作',
            width: 250,
            render: (_, r) =>
              r.status === 'open' ? (
                <Space size={0}>
                  <Button type="link" size="small" onClick={() => setConvert(r)}>
                    转为常见问题
                  </Button>
                  <Button type="link" size="small" onClick={() => setLinking(r)}>
                    关联已有问题
                  </Button>
                  <Button type="link" size="small" onClick={() => act.mutate({ id: r.id, action: 'ignore' })}>
                    忽略
                  </Button>
                </Space>
              ) : (
                <Button type="link" size="small" onClick={() => act.mutate({ id: r.id, action: 'reopen' })}>
                  重新打开
                </Button>
              ),
          },
        ]}
      />
      <QuestionDrawer
        open={convert !== null}
        id={null}
        asked={convert ? { id: convert.id, text: convert.text } : null}
        categories={categories.data ?? []}
        defaultCategoryId={null}
        onClose={() => setConvert(null)}
        onSaved={() => {
          setConvert(null);
          void qc.invalidateQueries({ queryKey: ['assistant'] });
        }}
      />
      <LinkModal
        asked={linking}
        onClose={() => setLinking(null)}
        onDone={() => {
          setLinking(null);
          void qc.invalidateQueries({ queryKey: ['assistant'] });
        }}
      />
    </Card>
  );
}

/** Answer an asked question with a published FAQ, picked by searching the questions. */
function LinkModal(props: { asked: AskedRow | null; onClose: () => void; onDone: () => void }) {
  const { message } = App.useApp();
  const [keyword, setKeyword] = useState('');
  const [picked, setPicked] = useState<number | null>(null);
  const options = useQuery({
    queryKey: ['assistant', 'linkOptions', keyword],
    queryFn: () =>
      adminQuestions({ keyword: keyword || undefined, status: 'published', page: 1, pageSize: 20 }).then(
        (r) => r.data.list,
      ),
    enabled: props.asked !== null,
  });
  const link = useMutation({
    mutationFn: () => handleAsked({ id: props.asked!.id, action: 'link', questionId: picked! }),
    onSuccess: () => {
      message.success('已关联');
      setPicked(null);
      props.onDone();
    },
  });
  return (
    <Modal
      title="关联已有问题"
      open={props.asked !== null}
      onCancel={props.onClose}
      onOk={() => link.mutate()}
      okButtonProps={{ disabled: picked === null }}
      confirmLoading={link.isPending}
      okText="关联"
      cancelText="取消"
      destroyOnHidden
    >
      <p>用户提问：「{props.asked?.text}」</p>
      <Select
        showSearch
        style={{ width: '100%' }}
        placeholder="输入关键词查找已发布的常见问题"
        filterOption={false}
        onSearch={setKeyword}
        value={picked ?? undefined}
        onChange={(v: number) => setPicked(v)}
        loading={options.isFetching}
        options={(options.data ?? []).map((q) => ({ value: q.id, label: q.question }))}
      />
    </Modal>
  );
}
