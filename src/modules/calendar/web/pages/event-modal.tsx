import { useMutation } from '@tanstack/react-query';
import { Button, DatePicker, Form, Modal, Popconfirm, Radio, Select, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { TextArea, TextInput } from '@/core/ui/text-input';
import { toast } from '@/core/ui/toast';
import { deleteEvent, saveEvent } from '../../api';
import {
  EVENT_SCOPE_LABELS,
  LOCATION_MAX,
  REMIND_CHOICES,
  REMIND_LABELS,
  TEXT_MAX,
  TITLE_MAX,
  type EventScope,
  type EventView,
} from '../../contract';

export interface EventDraft {
  id?: number;
  scope: EventScope;
  title: string;
  location: string;
  note: string;
  range: [Dayjs, Dayjs];
  allDay: boolean;
  remind: number | -1;
}

export const draftOf = (e: EventView): EventDraft => ({
  id: e.id,
  scope: e.scope,
  title: e.title,
  location: e.location,
  note: e.note,
  range: [dayjs(e.startAt), dayjs(e.endAt)],
  allDay: e.allDay,
  remind: e.remindMinutes ?? -1,
});

/** New or existing event: title, time, place, reminder; department events only for the department's leaders. */
export function EventModal({
  draft,
  canEditDepartment,
  onClose,
  onSaved,
}: {
  draft: EventDraft | null;
  canEditDepartment: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form] = Form.useForm<EventDraft>();
  useEffect(() => {
    if (draft) form.setFieldsValue(draft);
  }, [draft, form]);
  const save = useMutation({
    mutationFn: (v: EventDraft) => {
      const [s, e] = v.allDay ? [v.range[0].startOf('day'), v.range[1].endOf('day')] : v.range;
      return saveEvent({
        id: draft?.id,
        scope: v.scope,
        title: v.title,
        location: v.location ?? '',
        note: v.note ?? '',
        startAt: s.valueOf(),
        endAt: e.valueOf(),
        allDay: v.allDay,
        remindMinutes: v.remind === -1 ? undefined : v.remind,
      });
    },
    onSuccess: () => {
      toast.success('日程已保存');
      onSaved();
    },
  });
  const remove = useMutation({
    mutationFn: () => deleteEvent(draft!.id!),
    onSuccess: () => {
      toast.success('日程已删除');
      onSaved();
    },
  });
  return (
    <Modal
      title={draft?.id ? '编辑日程' : '新建日程'}
      open={!!draft}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        draft?.id ? (
          <Popconfirm key="del" title="确定删除这个日程？" onConfirm={() => remove.mutate()}>
            <Button danger loading={remove.isPending}>
              删除
            </Button>
          </Popconfirm>
        ) : null,
        <Button key="cancel" onClick={onClose}>
          取消
        </Button>,
        <Button key="ok" type="primary" loading={save.isPending} onClick={() => form.submit()}>
          保存
        </Button>,
      ]}
    >
      <Form form={form} layout="vertical" onFinish={(v) => save.mutate(v)} preserve={false}>
        <Form.Item name="scope" label="类型">
          <Radio.Group disabled={!!draft?.id}>
            <Radio value="personal">{EVENT_SCOPE_LABELS.personal}</Radio>
            <Radio value="department" disabled={!canEditDepartment}>
              {EVENT_SCOPE_LABELS.department}
            </Radio>
          </Radio.Group>
        </Form.Item>
        <Form.Item name="title" label="标题" rules={[{ required: true, whitespace: true, message: '请填写日程标题' }]}>
          <TextInput maxLength={TITLE_MAX} placeholder="例如：课题组例会" />
        </Form.Item>
        <Form.Item name="allDay" label="全天" valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item noStyle shouldUpdate={(a, b) => a.allDay !== b.allDay}>
          {({ getFieldValue }) => (
            <Form.Item name="range" label="时间" rules={[{ required: true, message: '请选择时间' }]}>
              <DatePicker.RangePicker
                showTime={getFieldValue('allDay') ? false : { format: 'HH:mm' }}
                format={getFieldValue('allDay') ? 'YYYY-MM-DD' : 'YYYY-MM-DD HH:mm'}
                style={{ width: '100%' }}
              />
            </Form.Item>
          )}
        </Form.Item>
        <Form.Item name="location" label="地点">
          <TextInput maxLength={LOCATION_MAX} />
        </Form.Item>
        <Form.Item name="remind" label="提醒（消息中心）">
          <Select
            options={[
              { value: -1, label: '不提醒' },
              ...REMIND_CHOICES.map((m) => ({ value: m, label: REMIND_LABELS[m] })),
            ]}
          />
        </Form.Item>
        <Form.Item name="note" label="备注">
          <TextArea maxLength={TEXT_MAX} rows={3} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
