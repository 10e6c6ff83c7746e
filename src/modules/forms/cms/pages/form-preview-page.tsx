import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Button, Card, Result, Select, Skeleton, Space, Tag } from 'antd';
import { ArrowLeftOutlined, EditOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { getForm, getFormVersion } from '@/modules/forms/api';
import { DeviceSwitch, FormPreviewPane, type PreviewDevice } from '../components/form-preview-pane';
import { MANAGE_PATH, designPath, previewPath } from '../paths';
import s from './form-pages.module.css';

const positive = (v: string | null) => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : null;
};

/**
 * /cms/workflow/preview?id=&version= — a form's draft (no version) or a published version, as
 * fillers see it, at desktop or phone width. The admin may fill it and run 校验; nothing is sent.
 */
export default function FormPreviewPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const id = positive(params.get('id'));
  const version = positive(params.get('version'));
  const [device, setDevice] = useState<PreviewDevice>('desktop');
  const detail = useQuery({
    queryKey: ['forms', 'detail', id],
    queryFn: () => getForm(id!).then((r) => r.data),
    enabled: id !== null,
  });
  const frozen = useQuery({
    queryKey: ['forms', 'version', id, version],
    queryFn: () => getFormVersion(id!, version!).then((r) => r.data),
    enabled: id !== null && version !== null,
    // A published version never changes.
    staleTime: Infinity,
  });

  const back = (
    <Button type="primary" onClick={() => navigate(MANAGE_PATH)}>
      返回表单管理
    </Button>
  );
  if (id === null) return <Result status="404" title="未指定要预览的表单" extra={back} />;
  if (detail.isPending || (version !== null && frozen.isPending))
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 12 }} />
      </Card>
    );
  if (detail.isError)
    return <Result status="error" title="表单加载失败" subTitle={detail.error.message} extra={back} />;
  if (version !== null && frozen.isError)
    return <Result status="404" title={`没有第 ${version} 版`} subTitle={frozen.error.message} extra={back} />;

  const schema = version !== null ? frozen.data! : detail.data.draft;
  const versions = [...detail.data.versions].sort((a, b) => b.version - a.version);
  return (
    <Card className={s.card}>
      <div className={s.previewHead}>
        <div className={s.previewTitle}>
          <Button
            type="text"
            icon={<ArrowLeftOutlined />}
            aria-label="返回表单管理"
            onClick={() => navigate(MANAGE_PATH)}
          />
          <span>{detail.data.name}</span>
          {version !== null ? <Tag color="success">第 {version} 版</Tag> : <Tag>草稿</Tag>}
        </div>
        <Space wrap>
          <Select
            aria-label="预览的版本"
            style={{ width: 200 }}
            value={version ?? 0}
            onChange={(v: number) => navigate(previewPath(id, v || undefined), { replace: true })}
            options={[
              { value: 0, label: '当前草稿' },
              ...versions.map((v) => ({ value: v.version, label: `第 ${v.version} 版` })),
            ]}
          />
          <DeviceSwitch value={device} onChange={setDevice} />
          <Button icon={<EditOutlined />} onClick={() => navigate(designPath(id))}>
            设计
          </Button>
        </Space>
      </div>
      {/* A new version or draft starts with fresh values. */}
      <FormPreviewPane key={`${id}:${version ?? 'draft'}`} schema={schema} device={device} title={detail.data.name} />
    </Card>
  );
}
