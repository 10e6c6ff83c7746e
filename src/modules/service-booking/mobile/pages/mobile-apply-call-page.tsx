import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, List, NavBar, Selector, Tag, Toast } from 'antd-mobile';
import { MobileInput, MobileTextArea } from '@/core/ui/mobile-text-input';
import '@/core/ui/antd-mobile-setup';
import { callbackItem, createCallback, myCallbacks } from '../../api';
import { CALLBACK_STATUS_LABELS, PHONE_PATTERN } from '../../contract';
import { dayLabel, idParam, time } from '../../components/labels';
import frame from '@/core/ui/phone-page.module.css';
import s from './mobile-booking.module.css';

const PERIODS = [
  { value: 'am', label: '上午 9:00–12:00', from: 9, to: 12 },
  { value: 'pm', label: '下午 14:00–17:30', from: 14, to: 17.5 },
  { value: 'eve', label: '晚上 19:00–21:00', from: 19, to: 21 },
];

/** The next seven Beijing days as 'YYYY-MM-DD'. */
const nextDays = () =>
  Array.from({ length: 7 }, (_, i) => new Date(Date.now() + 8 * 3600_000 + i * 86_400_000).toISOString().slice(0, 10));
/** A Beijing day + hour as an instant. */
const at = (date: string, hour: number) => Date.parse(`${date}T00:00:00+08:00`) + hour * 3600_000;

/** /mobile/applyCall?id=<item>: ask for a call-back (topic, day and period, phone); my requests below. */
export default function MobileApplyCallPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const itemId = idParam(params.get('id') ?? params.get('itemId'));
  const qc = useQueryClient();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const item = useQuery({
    queryKey: ['callback', 'item', itemId],
    queryFn: () => callbackItem(itemId!).then((r) => r.data),
    enabled: !!itemId,
  });
  const q = { page: 1, pageSize: 50 };
  const list = useQuery({ queryKey: ['callback', 'mine', q], queryFn: () => myCallbacks(q).then((r) => r.data) });
  const submit = async (v: { topic: string; detail?: string; phone: string; day: string[]; period: string[] }) => {
    const p = PERIODS.find((x) => x.value === v.period[0])!;
    const windowStart = at(v.day[0]!, p.from);
    const windowEnd = at(v.day[0]!, p.to);
    if (windowEnd <= Date.now()) {
      Toast.show({ icon: 'fail', content: '该时段已过，请重新选择' });
      return;
    }
    setSaving(true);
    try {
      await createCallback({
        itemId: itemId!,
        topic: v.topic,
        detail: v.detail ?? '',
        phone: v.phone,
        windowStart,
        windowEnd,
      });
      Toast.show({ icon: 'success', content: '已提交回电申请' });
      form.resetFields();
      await qc.invalidateQueries({ queryKey: ['callback'] });
    } finally {
      setSaving(false);
    }
  };
  return (
    <div className={frame.page}>
      <NavBar className={frame.nav} onBack={() => navigate(-1)}>
        预约回电
      </NavBar>
      <div className={frame.body}>
        {itemId ? (
          <Card className={s.card} title={item.data ? `${item.data.name} · ${item.data.departmentName}` : '预约回电'}>
            <Form
              form={form}
              layout="vertical"
              onFinish={(v) => void submit(v as never)}
              initialValues={{ day: [nextDays()[1]], period: ['am'] }}
              footer={
                <Button block type="submit" color="primary" loading={saving}>
                  提交申请
                </Button>
              }
            >
              <Form.Item
                name="topic"
                label="咨询主题"
                rules={[{ required: true, min: 2, max: 60, message: '请填写2–60字的咨询主题' }]}
              >
                <MobileInput maxLength={60} placeholder="如：补办需要哪些材料" />
              </Form.Item>
              <Form.Item name="detail" label="问题说明">
                <MobileTextArea maxLength={1000} rows={3} />
              </Form.Item>
              <Form.Item
                name="phone"
                label="联系电话"
                rules={[
                  { required: true, message: '请填写联系电话' },
                  { pattern: new RegExp(PHONE_PATTERN), message: '请输入正确的手机号或座机号' },
                ]}
              >
                <MobileInput type="tel" maxLength={20} />
              </Form.Item>
              <Form.Item name="day" label="哪天方便接听" rules={[{ required: true, message: '请选择日期' }]}>
                <Selector columns={2} options={nextDays().map((d) => ({ value: d, label: dayLabel(d) }))} />
              </Form.Item>
              <Form.Item name="period" label="时间段" rules={[{ required: true, message: '请选择时间段' }]}>
                <Selector columns={1} options={PERIODS.map((p) => ({ value: p.value, label: p.label }))} />
              </Form.Item>
            </Form>
          </Card>
        ) : null}
        <List header="我的回电申请">
          {!list.data?.list.length ? <List.Item>暂无回电申请</List.Item> : null}
          {list.data?.list.map((c) => (
            <List.Item
              key={c.id}
              description={
                <>
                  <div className={s.meta}>
                    {c.itemName} · {time(c.windowStart)}
                  </div>
                  {c.outcome ? <div className={s.meta}>处理结果：{c.outcome}</div> : null}
                </>
              }
              extra={
                <Tag color={c.status === 'closed' ? 'success' : c.status === 'cancelled' ? 'default' : 'primary'}>
                  {CALLBACK_STATUS_LABELS[c.status]}
                </Tag>
              }
            >
              {c.topic}
            </List.Item>
          ))}
        </List>
      </div>
    </div>
  );
}
