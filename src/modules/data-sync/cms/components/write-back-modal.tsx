import { useEffect, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { App, Form, Modal, Switch, Typography } from 'antd';
import { getWriteBack, saveWriteBack } from '@/modules/data-sync/api';
import type { SyncListItem, WriteBackConfig } from '@/modules/data-sync/contract';
import { TextArea, TextInput } from '@/core/ui/text-input';

/** "room_no=room" lines ⇄ the columns map. */
const toLines = (c: Record<string, string>) =>
  Object.entries(c)
    .map(([f, col]) => `${f}=${col}`)
    .join('\n');
const fromLines = (text: string) =>
  Object.fromEntries(
    text
      .split('\n')
      .map((l) => l.split('=').map((x) => x.trim()))
      .filter((p) => p.length === 2 && p[0] && p[1]),
  ) as Record<string, string>;

/**
 * 写回设置 of a sync (administrators): where approved 一表通 corrections go back to the source
 * database — its table, key column, the data table field holding the key, and field=column lines
 * (only those columns are ever updated).
 */
export function WriteBackModal({ sync, onClose }: { sync: SyncListItem | null; onClose: () => void }) {
  const { message } = App.useApp();
  const [on, setOn] = useState(false);
  const [form] = Form.useForm<{ table: string; keyColumn: string; keyField: string; columns: string }>();
  const current = useQuery({
    queryKey: ['dataSync', 'writeBack', sync?.id],
    queryFn: () => getWriteBack(sync!.id).then((r) => r.data),
    enabled: !!sync,
  });
  useEffect(() => {
    const c = current.data;
    setOn(!!c);
    form.setFieldsValue(
      c
        ? { table: c.table, keyColumn: c.keyColumn, keyField: c.keyField, columns: toLines(c.columns) }
        : { table: '', keyColumn: '', keyField: '', columns: '' },
    );
  }, [current.data, form]);
  const save = useMutation({
    mutationFn: async () => {
      let config: WriteBackConfig | null = null;
      if (on) {
        const v = await form.validateFields();
        config = { table: v.table, keyColumn: v.keyColumn, keyField: v.keyField, columns: fromLines(v.columns) };
      }
      return saveWriteBack({ id: sync!.id, config });
    },
    onSuccess: (r) => {
      void message.success(r.message);
      onClose();
    },
  });
  const req = [{ required: true, message: '请填写' }];
  return (
    <Modal
      title={`写回设置：${sync?.name ?? ''}`}
      open={!!sync}
      onCancel={onClose}
      onOk={() => save.mutate()}
      confirmLoading={save.isPending}
      okText="保存"
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        一表通中审核通过的纠错值，按以下设置写回源数据库（只更新所映射的列，一次一行）。
      </Typography.Paragraph>
      <Form.Item label="启用写回">
        <Switch aria-label="启用写回" checked={on} onChange={setOn} />
      </Form.Item>
      <Form form={form} layout="vertical" disabled={!on}>
        <Form.Item name="table" label="源表" rules={req}>
          <TextInput placeholder="如 beds" />
        </Form.Item>
        <Form.Item name="keyColumn" label="源表主键列" rules={req}>
          <TextInput placeholder="如 bed_code" />
        </Form.Item>
        <Form.Item name="keyField" label="数据表中对应主键的字段" rules={req}>
          <TextInput placeholder="如 bed_id" />
        </Form.Item>
        <Form.Item name="columns" label="可写回字段（每行：数据表字段=源表列）" rules={req}>
          <TextArea rows={4} placeholder={'room_no=room'} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
