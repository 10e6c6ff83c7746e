import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Checkbox, Form, Modal, Select, Switch, Typography } from 'antd';
import { useEffect } from 'react';
import { toast } from '@/core/ui/toast';
import { audienceOptions, publishDashboard } from '../../dashboard-api';
import type { Audience } from '../../dashboard-contract';

/** 发布: the audience (platforms, roles, public) of a new version of the dashboard's draft. */
export function PublishModal({
  target,
  onClose,
  onDone,
}: {
  target: { id: number; name: string; audience: Audience } | null;
  onClose: () => void;
  onDone?: () => void;
}) {
  const qc = useQueryClient();
  const [form] = Form.useForm<Audience>();
  const options = useQuery({
    queryKey: ['bi', 'audienceOptions'],
    queryFn: () => audienceOptions().then((r) => r.data),
    enabled: target !== null,
  });
  useEffect(() => {
    if (target) form.setFieldsValue(target.audience);
  }, [target, form]);
  const publish = useMutation({
    mutationFn: (a: Audience) => publishDashboard({ id: target!.id, ...a }),
    onSuccess: (r) => {
      toast.success(`已发布版本 ${r.data.version}`);
      void qc.invalidateQueries({ queryKey: ['bi', 'dashboards'] });
      onDone?.();
      onClose();
    },
  });
  return (
    <Modal
      title={target ? `发布「${target.name}」` : '发布'}
      open={target !== null}
      onCancel={onClose}
      okText="发布"
      confirmLoading={publish.isPending}
      onOk={() => void form.validateFields().then((v) => publish.mutate(v))}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        发布把当前草稿保存为一个新版本；所选平台上具有所选角色的用户可在「仪表板」中查看。未选平台或角色表示不限。
      </Typography.Paragraph>
      <Form form={form} layout="vertical" initialValues={{ platformIds: [], roleCodes: [], isPublic: false }}>
        <Form.Item name="platformIds" label="发布平台">
          <Checkbox.Group options={(options.data?.platforms ?? []).map((p) => ({ value: p.id, label: p.name }))} />
        </Form.Item>
        <Form.Item name="roleCodes" label="可见角色">
          <Select
            mode="multiple"
            allowClear
            placeholder="不限角色"
            loading={options.isPending}
            options={(options.data?.roles ?? []).map((r) => ({ value: r.code, label: r.name }))}
          />
        </Form.Item>
        <Form.Item name="isPublic" label="公开（无需登录即可查看）" valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}
