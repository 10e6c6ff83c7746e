import { useEffect } from 'react';
import { Button, Form, InputNumber, Select, Switch } from 'antd';
import type { BackupSchedule } from '@/modules/maintenance/contract';

const HOURS = Array.from({ length: 24 }, (_, h) => ({ value: h, label: `每天 ${String(h).padStart(2, '0')}:00` }));

/** Schedule of the automatic backup: on/off, the hour (server time), how many scheduled backups to keep. */
export function ScheduleForm({
  value,
  saving,
  onSave,
}: {
  value: BackupSchedule | undefined;
  saving: boolean;
  onSave: (s: BackupSchedule) => void;
}) {
  const [form] = Form.useForm<BackupSchedule>();
  useEffect(() => {
    if (value) form.setFieldsValue(value);
  }, [value, form]);
  return (
    <Form name="schedule-form" form={form} layout="inline" onFinish={onSave} initialValues={value} disabled={!value}>
      <Form.Item label="定时备份" name="enabled" valuePropName="checked">
        <Switch checkedChildren="开" unCheckedChildren="关" />
      </Form.Item>
      <Form.Item label="备份时间" name="hour" rules={[{ required: true, message: '请选择备份时间' }]}>
        <Select options={HOURS} style={{ width: 140 }} aria-label="备份时间" />
      </Form.Item>
      <Form.Item
        label="保留份数"
        name="keep"
        rules={[
          { required: true, message: '请输入保留份数' },
          { type: 'integer', min: 1, max: 100, message: '保留份数为 1–100' },
        ]}
      >
        <InputNumber min={1} max={100} precision={0} style={{ width: 130 }} aria-label="保留份数" />
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" loading={saving}>
          保存计划
        </Button>
      </Form.Item>
    </Form>
  );
}
