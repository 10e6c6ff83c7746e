import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Form,
  InputNumber,
  Modal,
  Popconfirm,
  Radio,
  Select,
  Space,
  Table,
  Tag,
  TimePicker,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { deleteWindow, listWindows, saveWindow, staffScope } from '../../api';
import { WEEKDAY_LABELS, type WeeklyRule, type WindowRow } from '../../contract';
import { time } from '../../components/labels';
import { SearchInput, TextArea, TextInput } from '@/core/ui/text-input';
import { usePagedList } from '../../web/components/use-paged-list';

const PAGE_SIZE = 20;

interface RuleValues {
  weekdays: number[];
  span: [Dayjs, Dayjs];
}
interface Values {
  departmentId: number;
  itemId: number | null;
  name: string;
  location: string;
  note: string;
  rules: RuleValues[];
  slotMinutes: number;
  capacity: number;
  cutoffMinutes: number;
  status: 'active' | 'paused';
}

/** 'HH:mm' as a picker value (today at that time). */
const hm = (clock: string) => {
  const [h, m] = clock.split(':').map(Number) as [number, number];
  return dayjs().hour(h).minute(m).second(0).millisecond(0);
};

/** Rules grouped by identical hours for the form: 周一至周五 09:00–11:30 is one line. */
function toRuleValues(rules: WeeklyRule[]): RuleValues[] {
  const byHours = new Map<string, number[]>();
  for (const r of rules) byHours.set(`${r.start}-${r.end}`, [...(byHours.get(`${r.start}-${r.end}`) ?? []), r.weekday]);
  return [...byHours].map(([k, weekdays]) => {
    const [start, end] = k.split('-') as [string, string];
    return { weekdays, span: [hm(start), hm(end)] };
  });
}
const fromRuleValues = (v: RuleValues[]): WeeklyRule[] =>
  v.flatMap((r) =>
    r.weekdays.map((weekday) => ({ weekday, start: r.span[0].format('HH:mm'), end: r.span[1].format('HH:mm') })),
  );

const rulesText = (rules: WeeklyRule[]) =>
  toRuleValues(rules)
    .map(
      (r) =>
        `${r.weekdays
          .sort()
          .map((d) => WEEKDAY_LABELS[d])
          .join('、')} ${r.span[0].format('HH:mm')}–${r.span[1].format('HH:mm')}`,
    )
    .join('；');

/** 预约管理 (/cms/serviceTool/bookingWindows): windows (an item's own, or a department's shared one), weekly opening rules, slot length, capacity and cut-off. */
export default function BookingWindowsPage() {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [departmentId, setDepartmentId] = useState<number | undefined>();
  const [keyword, setKeyword] = useState('');
  const [editing, setEditing] = useState<WindowRow | 'new' | null>(null);
  const [form] = Form.useForm<Values>();
  const { setPage, table } = usePagedList(
    ['booking', 'windows'],
    listWindows,
    { departmentId, keyword: keyword || undefined },
    PAGE_SIZE,
  );
  const scope = useQuery({ queryKey: ['booking', 'scope'], queryFn: () => staffScope().then((r) => r.data) });
  const dept = Form.useWatch('departmentId', form);
  const bookingItems = (scope.data?.items ?? []).filter((i) => i.modes.includes('booking') && i.departmentId === dept);

  const open = (w: WindowRow | 'new') => {
    setEditing(w);
    form.setFieldsValue(
      w === 'new'
        ? {
            itemId: null,
            name: '',
            location: '',
            note: '',
            rules: [{ weekdays: [1, 2, 3, 4, 5], span: [hm('09:00'), hm('11:30')] }],
            slotMinutes: 30,
            capacity: 5,
            cutoffMinutes: 120,
            status: 'active',
          }
        : { ...w, rules: toRuleValues(w.rules) },
    );
  };
  const save = async () => {
    const v = await form.validateFields();
    await saveWindow({
      ...(editing !== 'new' && editing ? { id: editing.id } : {}),
      departmentId: v.departmentId,
      itemId: v.itemId ?? null,
      name: v.name.trim(),
      location: v.location.trim(),
      note: (v.note ?? '').trim(),
      rules: fromRuleValues(v.rules),
      slotMinutes: v.slotMinutes,
      capacity: v.capacity,
      cutoffMinutes: v.cutoffMinutes,
      status: v.status,
    });
    message.success('保存成功，已生成未来两周的预约时段');
    setEditing(null);
    await qc.invalidateQueries({ queryKey: ['booking'] });
  };

  return (
    <Card
      title="预约管理"
      extra={
        <Space wrap>
          <Select
            allowClear
            placeholder="全部部门"
            style={{ width: 180 }}
            value={departmentId}
            onChange={(v) => {
              setDepartmentId(v);
              setPage(1);
            }}
            options={(scope.data?.departments ?? []).map((d) => ({ value: d.id, label: d.name }))}
            aria-label="部门"
          />
          <SearchInput
            allowClear
            placeholder="窗口名称"
            style={{ width: 180 }}
            onSearch={(v) => {
              setKeyword(v.trim());
              setPage(1);
            }}
          />
          <Button type="primary" onClick={() => open('new')}>
            新增窗口
          </Button>
        </Space>
      }
    >
      <Table<WindowRow>
        rowKey="id"
        {...table}
        locale={{ emptyText: '还没有预约窗口' }}
        columns={[
          { title: '窗口', dataIndex: 'name' },
          { title: '部门', dataIndex: 'departmentName' },
          {
            title: '服务事项',
            dataIndex: 'itemName',
            render: (v: string | null) => v ?? <Tag>本部门全部预约事项</Tag>,
          },
          { title: '地点', dataIndex: 'location' },
          { title: '开放时间', dataIndex: 'rules', render: (r: WeeklyRule[]) => rulesText(r) },
          {
            title: '时段/容量',
            key: 'cap',
            width: 110,
            render: (_: unknown, r) => `${r.slotMinutes} 分钟 / ${r.capacity} 人`,
          },
          {
            title: '状态',
            dataIndex: 'status',
            width: 80,
            render: (v: string) => (v === 'active' ? <Tag color="success">开放</Tag> : <Tag>暂停</Tag>),
          },
          { title: '更新', dataIndex: 'updatedAt', width: 150, render: (v: number) => time(v) },
          {
            title: '操作',
            key: 'op',
            width: 120,
            render: (_: unknown, r) => (
              <Space size="small">
                <Button size="small" type="link" onClick={() => open(r)}>
                  编辑
                </Button>
                <Popconfirm
                  title="删除该窗口？"
                  description="已有预约记录的窗口不能删除，可改为暂停"
                  onConfirm={async () => {
                    await deleteWindow(r.id);
                    message.success('删除成功');
                    await qc.invalidateQueries({ queryKey: ['booking'] });
                  }}
                >
                  <Button size="small" type="link" danger>
                    删除
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={!!editing}
        title={editing === 'new' ? '新增窗口' : '编辑窗口'}
        width={720}
        onCancel={() => setEditing(null)}
        onOk={() => void save()}
        destroyOnHidden
        forceRender
      >
        <Form form={form} layout="horizontal" labelCol={{ flex: '110px' }}>
          <Form.Item name="departmentId" label="部门" rules={[{ required: true, message: '请选择部门' }]}>
            <Select
              options={(scope.data?.departments ?? []).map((d) => ({ value: d.id, label: d.name }))}
              onChange={() => form.setFieldValue('itemId', null)}
            />
          </Form.Item>
          <Form.Item name="itemId" label="服务事项" extra="不选则为本部门所有预约事项共用的窗口">
            <Select
              allowClear
              options={bookingItems.map((i) => ({ value: i.id, label: i.name }))}
              placeholder="本部门全部预约事项"
            />
          </Form.Item>
          <Form.Item name="name" label="窗口名称" rules={[{ required: true, max: 60, message: '请填写窗口名称' }]}>
            <TextInput maxLength={60} />
          </Form.Item>
          <Form.Item name="location" label="地点" rules={[{ required: true, max: 120, message: '请填写办理地点' }]}>
            <TextInput maxLength={120} placeholder="如：行政楼一楼 103 室" />
          </Form.Item>
          <Form.Item name="note" label="说明">
            <TextArea maxLength={500} rows={2} />
          </Form.Item>
          <Form.Item label="开放时间" required>
            <Form.List
              name="rules"
              rules={[
                {
                  validator: (_r, v?: unknown[]) =>
                    v?.length ? Promise.resolve() : Promise.reject(new Error('至少一条开放时间')),
                },
              ]}
            >
              {(fields, { add, remove }, { errors }) => (
                <>
                  {fields.map((f) => (
                    <Space key={f.key} align="baseline" wrap>
                      <Form.Item name={[f.name, 'weekdays']} rules={[{ required: true, message: '选择星期' }]}>
                        <Select
                          mode="multiple"
                          style={{ width: 260 }}
                          placeholder="星期"
                          options={[1, 2, 3, 4, 5, 6, 7].map((d) => ({ value: d, label: WEEKDAY_LABELS[d] }))}
                        />
                      </Form.Item>
                      <Form.Item name={[f.name, 'span']} rules={[{ required: true, message: '选择时间' }]}>
                        <TimePicker.RangePicker format="HH:mm" minuteStep={5} />
                      </Form.Item>
                      <Button type="link" danger onClick={() => remove(f.name)}>
                        删除
                      </Button>
                    </Space>
                  ))}
                  <Button onClick={() => add({ weekdays: [1, 2, 3, 4, 5], span: [hm('14:00'), hm('17:00')] })}>
                    添加开放时间
                  </Button>
                  <Form.ErrorList errors={errors} />
                </>
              )}
            </Form.List>
          </Form.Item>
          <Form.Item name="slotMinutes" label="每个时段" rules={[{ required: true }]}>
            <InputNumber min={10} max={240} step={5} suffix="分钟" />
          </Form.Item>
          <Form.Item name="capacity" label="每时段人数" rules={[{ required: true }]}>
            <InputNumber min={1} max={500} suffix="人" />
          </Form.Item>
          <Form.Item
            name="cutoffMinutes"
            label="截止预约"
            rules={[{ required: true }]}
            extra="时段开始前多少分钟停止预约和取消"
          >
            <InputNumber min={0} max={10080} step={30} suffix="分钟" />
          </Form.Item>
          <Form.Item name="status" label="状态">
            <Radio.Group
              options={[
                { value: 'active', label: '开放' },
                { value: 'paused', label: '暂停' },
              ]}
            />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
