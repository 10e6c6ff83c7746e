import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { DatePicker, Form, InputNumber, Modal, Select, Typography } from 'antd';
import { PasswordInput } from '@/core/ui/text-input';
import { createLink, fetchMine } from '../../api';
import { LINK_MAX_DAYS, LINK_PASSWORD_MAX, sharePath, type LinkCreated } from '../../contract';

type Values = { resourceId: number; expiresAt: Dayjs; password?: string; maxVisits?: number | null };

/** Generates a shareable link of one of my released resources; shows the address once made. */
export function LinkCreateModal({
  open,
  resourceId,
  onClose,
}: {
  open: boolean;
  resourceId?: number;
  onClose: (created: boolean) => void;
}) {
  const [form] = Form.useForm<Values>();
  const [made, setMade] = useState<LinkCreated | null>(null);
  const mine = useQuery({
    queryKey: ['resource-center', 'mine', 'released'],
    queryFn: () => fetchMine({ page: 1, pageSize: 200, status: 'released' }).then((r) => r.data.list),
    enabled: open,
  });
  const create = useMutation({
    mutationFn: (v: Values) =>
      createLink({
        resourceId: v.resourceId,
        expiresAt: v.expiresAt.valueOf(),
        password: v.password ?? '',
        maxVisits: v.maxVisits ?? 0,
      }),
    onSuccess: (r) => setMade(r.data),
  });
  const close = () => {
    const created = !!made;
    setMade(null);
    form.resetFields();
    onClose(created);
  };
  const address = made ? `${window.location.origin}${sharePath(made.token)}` : '';
  return (
    <Modal
      open={open}
      title="生成分享链接"
      okText={made ? '完成' : '生成'}
      confirmLoading={create.isPending}
      onOk={() => (made ? close() : void form.validateFields().then((v) => create.mutate(v)))}
      onCancel={close}
      destroyOnHidden
    >
      {made ? (
        <div>
          <p>链接已生成，复制后发给访问者{made.hasPassword ? '（访问时需输入密码）' : ''}：</p>
          <Typography.Paragraph copyable={{ text: address }} code>
            {address}
          </Typography.Paragraph>
          <p>有效期至 {dayjs(made.expiresAt).format('YYYY-MM-DD HH:mm')}</p>
        </div>
      ) : (
        <Form<Values> form={form} layout="vertical" initialValues={{ resourceId, expiresAt: dayjs().add(7, 'day') }}>
          <Form.Item name="resourceId" label="资源" rules={[{ required: true, message: '请选择已发布的资源' }]}>
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              loading={mine.isPending}
              options={(mine.data ?? []).map((r) => ({ value: r.id, label: r.title }))}
            />
          </Form.Item>
          <Form.Item name="expiresAt" label="有效期至" rules={[{ required: true, message: '请选择有效期' }]}>
            <DatePicker
              showTime
              style={{ width: '100%' }}
              disabledDate={(d) => d.isBefore(dayjs(), 'day') || d.isAfter(dayjs().add(LINK_MAX_DAYS, 'day'))}
            />
          </Form.Item>
          <Form.Item name="password" label="访问密码（选填）" rules={[{ min: 4, message: '访问密码至少 4 位' }]}>
            <PasswordInput maxLength={LINK_PASSWORD_MAX} autoComplete="new-password" />
          </Form.Item>
          <Form.Item name="maxVisits" label="访问次数上限（不填为不限）">
            <InputNumber min={1} max={100000} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
