import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, InputNumber, Modal, Popconfirm, Select, Space, Switch, Table, Tag } from 'antd';
import { TextInput } from '@/core/ui/text-input';
import { toast } from '@/core/ui/toast';
import { deleteLabel, fetchAllLabels, fetchSettings, saveLabel, saveSettings } from '../../api';
import { LEVEL_LABELS, LEVELS, type LabelSaveBody, type LabelView } from '../../contract';
import { LEVEL_TAG_COLORS } from '../../components/labels';

/** /cms/serviceTool/feedbackLabels: the labels offered per level, and the rectification deadline. */
export default function LabelsPage() {
  const qc = useQueryClient();
  const labels = useQuery({ queryKey: ['feedback', 'allLabels'], queryFn: () => fetchAllLabels().then((r) => r.data) });
  const settings = useQuery({ queryKey: ['feedback', 'settings'], queryFn: () => fetchSettings().then((r) => r.data) });
  const [editing, setEditing] = useState<LabelSaveBody | null>(null);
  const [days, setDays] = useState<number | null>(null);
  useEffect(() => {
    if (settings.data) setDays(settings.data.rectifyDays);
  }, [settings.data]);
  const refresh = () => void qc.invalidateQueries({ queryKey: ['feedback'] });
  const save = useMutation({
    mutationFn: (b: LabelSaveBody) => saveLabel(b),
    onSuccess: () => {
      toast.success('保存成功');
      setEditing(null);
      refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) => deleteLabel(id),
    onSuccess: () => {
      toast.success('删除成功');
      refresh();
    },
  });
  const keep = useMutation({
    mutationFn: () => saveSettings({ rectifyDays: days ?? 7 }),
    onSuccess: () => {
      toast.success('保存成功');
      refresh();
    },
  });
  return (
    <Space orientation="vertical" style={{ width: '100%' }} size={16}>
      <Card title="差评整改设置">
        <Space wrap>
          差评转部门整改后，须在
          <InputNumber aria-label="整改期限（天）" min={1} max={60} precision={0} value={days} onChange={setDays} />
          天内答复，逾期将标记并提醒部门。
          <Button type="primary" loading={keep.isPending} disabled={!days} onClick={() => keep.mutate()}>
            保存
          </Button>
        </Space>
      </Card>
      <Card
        title="评价标签"
        extra={
          <Button type="primary" onClick={() => setEditing({ level: 5, name: '', sort: 10, enabled: true })}>
            新增标签
          </Button>
        }
      >
        <Table<LabelView>
          rowKey="id"
          size="middle"
          loading={labels.isFetching}
          dataSource={labels.data}
          pagination={false}
          columns={[
            {
              title: '等级',
              dataIndex: 'level',
              width: 140,
              render: (l: number) => <Tag color={LEVEL_TAG_COLORS[l]}>{LEVEL_LABELS[l]}</Tag>,
            },
            { title: '标签', dataIndex: 'name' },
            { title: '排序', dataIndex: 'sort', width: 100 },
            {
              title: '状态',
              dataIndex: 'enabled',
              width: 100,
              render: (e: boolean) => (e ? <Tag color="green">启用</Tag> : <Tag>停用</Tag>),
            },
            {
              title: '操作',
              key: 'op',
              width: 160,
              render: (_: unknown, l) => (
                <Space>
                  <Button type="link" onClick={() => setEditing({ ...l })}>
                    编辑
                  </Button>
                  <Popconfirm title="删除该标签？已有评价中的标签文字保留。" onConfirm={() => remove.mutate(l.id)}>
                    <Button type="link" danger>
                      删除
                    </Button>
                  </Popconfirm>
                </Space>
              ),
            },
          ]}
        />
      </Card>
      <Modal
        open={!!editing}
        title={editing?.id ? '编辑标签' : '新增标签'}
        okText="保存"
        cancelText="取消"
        okButtonProps={{ disabled: !editing?.name.trim() }}
        confirmLoading={save.isPending}
        onOk={() => editing && save.mutate(editing)}
        onCancel={() => setEditing(null)}
        destroyOnHidden
      >
        {editing && (
          <Form layout="vertical">
            <Form.Item label="等级" required>
              <Select<number>
                aria-label="等级"
                value={editing.level}
                onChange={(level) => setEditing({ ...editing, level })}
                options={LEVELS.map((k) => ({ value: k, label: LEVEL_LABELS[k] }))}
              />
            </Form.Item>
            <Form.Item label="标签名称" required>
              <TextInput
                aria-label="标签名称"
                maxLength={20}
                value={editing.name}
                onChange={(e) => setEditing({ ...editing, name: e.target.value })}
              />
            </Form.Item>
            <Form.Item label="排序">
              <InputNumber
                aria-label="排序"
                min={0}
                max={9999}
                precision={0}
                value={editing.sort}
                onChange={(sort) => setEditing({ ...editing, sort: sort ?? 0 })}
              />
            </Form.Item>
            <Form.Item label="启用">
              <Switch checked={editing.enabled} onChange={(enabled) => setEditing({ ...editing, enabled })} />
            </Form.Item>
          </Form>
        )}
      </Modal>
    </Space>
  );
}
