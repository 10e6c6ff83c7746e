import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, DatePicker, Form, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { callbackItem, createCallback } from '../../api';
import { PHONE_PATTERN } from '../../contract';
import { applyCallPath, idParam, itemGuidePath } from '../../components/labels';
import { MyCallbacks } from '../components/my-callbacks';
import s from './service-booking.module.css';
import { TextArea, TextInput } from '@/core/ui/text-input';

interface Values {
  topic: string;
  detail: string;
  phone: string;
  window: [Dayjs, Dayjs];
}

/**
 * /web/eventService/applyCall?id=<item>: ask the item's department to call back (topic, time
 * window, phone); ?callbackId= opens one request. Below, my requests and where they stand.
 */
export default function ApplyCallPage() {
  const [params] = useSearchParams();
  const itemId = idParam(params.get('id') ?? params.get('itemId'));
  const openId = idParam(params.get('callbackId'));
  return (
    <div className={s.page}>
      {itemId ? <CallbackForm itemId={itemId} /> : null}
      <Card title="我的回电申请">
        <MyCallbacks openId={openId} />
      </Card>
    </div>
  );
}

function CallbackForm({ itemId }: { itemId: number }) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const item = useQuery({
    queryKey: ['callback', 'item', itemId],
    queryFn: () => callbackItem(itemId).then((r) => r.data),
  });
  const submit = async (v: Values) => {
    await createCallback({
      itemId,
      topic: v.topic,
      detail: v.detail ?? '',
      phone: v.phone,
      windowStart: v.window[0].valueOf(),
      windowEnd: v.window[1].valueOf(),
    });
    message.success('已提交回电申请，部门工作人员将在您选择的时间内联系您');
    form.resetFields();
    await qc.invalidateQueries({ queryKey: ['callback'] });
    navigate(applyCallPath(), { replace: true });
  };
  return (
    <Card
      title={`预约回电${item.data ? ` · ${item.data.name}` : ''}`}
      extra={<Link to={itemGuidePath(itemId)}>办事指南</Link>}
    >
      <Typography.Paragraph type="secondary">
        填写咨询主题和方便接听的时间段，{item.data?.departmentName ?? '事项所属部门'}的工作人员会在该时间段内给您回电。
      </Typography.Paragraph>
      <Form<Values>
        form={form}
        layout="horizontal"
        labelCol={{ flex: '100px' }}
        style={{ maxWidth: 720 }}
        onFinish={submit}
        initialValues={{ window: [dayjs().add(1, 'hour').startOf('hour'), dayjs().add(1, 'day').hour(17).minute(0)] }}
      >
        <Form.Item
          name="topic"
          label="咨询主题"
          rules={[{ required: true, min: 2, max: 60, message: '请填写2–60字的咨询主题' }]}
        >
          <TextInput maxLength={60} placeholder="如：补办需要哪些材料" />
        </Form.Item>
        <Form.Item name="detail" label="问题说明">
          <TextArea rows={3} maxLength={1000} showCount />
        </Form.Item>
        <Form.Item
          name="phone"
          label="联系电话"
          rules={[
            { required: true, message: '请填写联系电话' },
            { pattern: new RegExp(PHONE_PATTERN), message: '请输入正确的手机号或座机号' },
          ]}
        >
          <TextInput maxLength={20} style={{ width: 240 }} />
        </Form.Item>
        <Form.Item
          name="window"
          label="方便接听"
          rules={[
            { required: true, message: '请选择方便接听的时间段' },
            {
              validator: (_r, v?: [Dayjs, Dayjs]) =>
                !v || v[1].isAfter(dayjs()) ? Promise.resolve() : Promise.reject(new Error('时间段已过，请重新选择')),
            },
          ]}
        >
          <DatePicker.RangePicker
            showTime={{ format: 'HH:mm' }}
            format="YYYY-MM-DD HH:mm"
            disabledDate={(d) => d.isBefore(dayjs(), 'day') || d.isAfter(dayjs().add(30, 'day'))}
          />
        </Form.Item>
        <Form.Item label=" " colon={false}>
          <Button type="primary" htmlType="submit">
            提交申请
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
}
