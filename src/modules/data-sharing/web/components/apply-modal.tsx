import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Checkbox, DatePicker, Form, Modal, Select, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { TextArea } from '@/core/ui/text-input';
import { toast } from '@/core/ui/toast';
import { applyFor, listApps } from '../../api';
import type { DatasetItem } from '../../contract';

/**
 * 申请: one dataset (fields chosen from the shareable ones) or several (批量申请: every dataset
 * gets the fields it shares), for one of my apps, with purpose and period — one application per
 * dataset, all or nothing.
 */
export function ApplyModal({ datasets, onClose }: { datasets: DatasetItem[]; onClose: (done: boolean) => void }) {
  const qc = useQueryClient();
  const single = datasets.length === 1 ? datasets[0]! : null;
  const [appId, setAppId] = useState<number>();
  const [fields, setFields] = useState<string[]>(single ? single.fields.map((f) => f.name) : []);
  const [purpose, setPurpose] = useState('');
  const [period, setPeriod] = useState<[Dayjs, Dayjs]>([dayjs(), dayjs().add(1, 'year')]);
  const apps = useQuery({
    queryKey: ['data-sharing', 'apps', 'mine-all'],
    queryFn: () => listApps({ page: 1, pageSize: 200 }).then((r) => r.data),
  });
  const send = useMutation({
    mutationFn: () =>
      applyFor({
        appId: appId!,
        datasetIds: datasets.map((d) => d.id),
        fields: single ? fields : [],
        purpose: purpose.trim(),
        periodStart: period[0].format('YYYY-MM-DD'),
        periodEnd: period[1].format('YYYY-MM-DD'),
      }),
    onSuccess: (r) => {
      toast.success(`已提交 ${r.data.ids.length} 份申请，等待数据管理员审批`);
      void qc.invalidateQueries({ queryKey: ['data-sharing'] });
      onClose(true);
    },
  });
  const active = apps.data?.list.filter((a) => a.status === 'active') ?? [];
  return (
    <Modal
      open
      title={single ? `申请数据集：${single.name}` : `批量申请 ${datasets.length} 个数据集`}
      okText="提交申请"
      cancelText="取消"
      confirmLoading={send.isPending}
      okButtonProps={{ disabled: !appId || !purpose.trim() || (single !== null && !fields.length) }}
      onOk={() => send.mutate()}
      onCancel={() => onClose(false)}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label="使用应用" required>
          <Select
            aria-label="使用应用"
            placeholder={active.length ? '选择我的应用' : '请先在“应用管理”中创建应用'}
            value={appId}
            onChange={setAppId}
            options={active.map((a) => ({ value: a.id, label: `${a.name}（${a.departmentName || '无部门'}）` }))}
          />
        </Form.Item>
        {single ? (
          <Form.Item label="申请字段" required>
            <Checkbox.Group
              value={fields}
              onChange={(v) => setFields(v as string[])}
              options={single.fields.map((f) => ({ value: f.name, label: `${f.label}（${f.name}）` }))}
            />
          </Form.Item>
        ) : (
          <Form.Item label="数据集">
            <Typography.Text>{datasets.map((d) => d.name).join('、')}（各申请其全部可共享字段）</Typography.Text>
          </Form.Item>
        )}
        <Form.Item label="使用期限" required>
          <DatePicker.RangePicker
            aria-label="使用期限"
            value={period}
            allowClear={false}
            onChange={(v) => v && v[0] && v[1] && setPeriod([v[0], v[1]])}
          />
        </Form.Item>
        <Form.Item label="用途" required>
          <TextArea
            aria-label="用途"
            rows={3}
            maxLength={500}
            value={purpose}
            onChange={(e) => setPurpose(e.target.value)}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
