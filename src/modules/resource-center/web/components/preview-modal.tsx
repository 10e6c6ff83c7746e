import { useQuery } from '@tanstack/react-query';
import { Descriptions, Modal, Skeleton, Space, Tag } from 'antd';
import { openResource } from '../../api';
import { KIND_LABELS } from '../../contract';
import { ResourcePreview } from '../../components/resource-preview';
import { fileSize, time } from '../../components/labels';

/** The hall's preview: opening records one access and answers a short-lived file address. */
export function PreviewModal({ id, onClose }: { id: number | null; onClose: () => void }) {
  const opened = useQuery({
    queryKey: ['resource-center', 'open', id],
    queryFn: () => openResource(id!).then((r) => r.data),
    enabled: id !== null,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
  const o = opened.data;
  return (
    <Modal
      open={id !== null}
      onCancel={onClose}
      footer={null}
      width={1080}
      title={o?.resource.title ?? '资源预览'}
      destroyOnHidden
    >
      {!o ? (
        <Skeleton active />
      ) : (
        <Space orientation="vertical" style={{ width: '100%' }} size={12}>
          <Descriptions size="small" column={4}>
            <Descriptions.Item label="类型">{KIND_LABELS[o.resource.kind]}</Descriptions.Item>
            <Descriptions.Item label="部门">{o.resource.departmentName || '—'}</Descriptions.Item>
            <Descriptions.Item label="发布人">{o.resource.ownerName}</Descriptions.Item>
            <Descriptions.Item label="发布时间">{time(o.resource.releasedAt)}</Descriptions.Item>
            {o.resource.fileName && (
              <Descriptions.Item label="文件">{`${o.resource.fileName}（${fileSize(o.resource.size)}）`}</Descriptions.Item>
            )}
            <Descriptions.Item label="访问">{o.resource.viewCount} 次</Descriptions.Item>
            <Descriptions.Item label="标签" span={2}>
              {o.resource.labels.map((l) => (
                <Tag key={l}>{l}</Tag>
              ))}
            </Descriptions.Item>
          </Descriptions>
          {o.resource.description && <div>{o.resource.description}</div>}
          <ResourcePreview open={o} height={600} />
        </Space>
      )}
    </Modal>
  );
}
