import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, DatePicker, Form, Modal, Popconfirm, Select, Space, Table, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { TextArea, TextInput } from '@/core/ui/text-input';
import { toast } from '@/core/ui/toast';
import { deleteSchool, fetchSchool, saveSchool } from '../../api';
import { tagColor } from '../../components/event-colors';
import {
  SCHOOL_KINDS,
  SCHOOL_KIND_COLORS,
  SCHOOL_KIND_LABELS,
  TEXT_MAX,
  TITLE_MAX,
  type SchoolEntryView,
  type SchoolKind,
} from '../../contract';

interface Draft {
  id?: number;
  kind: SchoolKind;
  title: string;
  range: [Dayjs, Dayjs];
  note: string;
}

const kindOptions = SCHOOL_KINDS.map((k) => ({ value: k, label: SCHOOL_KIND_LABELS[k] }));

/** /cms/lightApps/schoolCalendar: terms (teaching weeks count from their first day), holidays, exam weeks, campus days. */
export default function SchoolCalendarPage() {
  const qc = useQueryClient();
  const [page, setPage] = useState(1);
  const [kind, setKind] = useState<SchoolKind | undefined>();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [form] = Form.useForm<Draft>();
  const list = useQuery({
    queryKey: ['schoolCalendar', page, kind],
    queryFn: () => fetchSchool({ page, pageSize: 20, kind }).then((r) => r.data),
  });
  const refresh = () => void qc.invalidateQueries({ queryKey: ['schoolCalendar'] });
  const save = useMutation({
    mutationFn: (v: Draft) =>
      saveSchool({
        id: draft?.id,
        kind: v.kind,
        title: v.title,
        startDate: v.range[0].format('YYYY-MM-DD'),
        endDate: v.range[1].format('YYYY-MM-DD'),
        note: v.note ?? '',
      }),
    onSuccess: () => {
      toast.success('校历已保存');
      setDraft(null);
      refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) => deleteSchool(id),
    onSuccess: () => {
      toast.success('已删除');
      refresh();
    },
  });
  const open = (d: Draft) => {
    setDraft(d);
    form.setFieldsValue(d);
  };
  return (
    <Card
      title="校历管理"
      extra={
        <Space>
          <Select
            allowClear
            aria-label="校历类型"
            placeholder="全部类型"
            style={{ width: 140 }}
            options={kindOptions}
            value={kind}
            onChange={(v) => {
              setKind(v);
              setPage(1);
            }}
          />
          <Button
            type="primary"
            onClick={() => open({ kind: 'holiday', title: '', range: [dayjs(), dayjs()], note: '' })}
          >
            新增校历条目
          </Button>
        </Space>
      }
    >
      <Table<SchoolEntryView>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.list}
        pagination={{ current: page, pageSize: 20, total: list.data?.total, onChange: setPage, showSizeChanger: false }}
        columns={[
          {
            title: '类型',
            dataIndex: 'kind',
            width: 120,
            render: (k: SchoolKind) => (
              <Tag variant="solid" color={tagColor(SCHOOL_KIND_COLORS[k])}>
                {SCHOOL_KIND_LABELS[k]}
              </Tag>
            ),
          },
          { title: '名称', dataIndex: 'title' },
          { title: '开始日期', dataIndex: 'startDate', width: 140 },
          { title: '结束日期', dataIndex: 'endDate', width: 140 },
          { title: '说明', dataIndex: 'note', ellipsis: true },
          {
            title: '操作',
            width: 160,
            render: (_, r) => (
              <Space>
                <Button
                  type="link"
                  onClick={() =>
                    open({
                      id: r.id,
                      kind: r.kind,
                      title: r.title,
                      note: r.note,
                      range: [dayjs(r.startDate), dayjs(r.endDate)],
                    })
                  }
                >
                  编辑
                </Button>
                <Popconfirm title="确定删除？" onConfirm={() => remove.mutate(r.id)}>
                  <Button type="link" danger>
                    删除
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <Modal
        title={draft?.id ? '编辑校历条目' : '新增校历条目'}
        open={!!draft}
        onCancel={() => setDraft(null)}
        onOk={() => form.submit()}
        confirmLoading={save.isPending}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" onFinish={(v) => save.mutate(v)}>
          <Form.Item name="kind" label="类型" rules={[{ required: true }]}>
            <Select options={kindOptions} />
          </Form.Item>
          <Form.Item name="title" label="名称" rules={[{ required: true, whitespace: true, message: '请填写名称' }]}>
            <TextInput maxLength={TITLE_MAX} placeholder="例如：2026-2027学年第一学期" />
          </Form.Item>
          <Form.Item
            name="range"
            label="日期"
            extra="学期的第一天所在的周为第1周"
            rules={[{ required: true, message: '请选择日期' }]}
          >
            <DatePicker.RangePicker style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="note" label="说明">
            <TextArea maxLength={TEXT_MAX} rows={3} />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
