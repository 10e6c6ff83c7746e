import { useNavigate, useSearchParams } from 'react-router-dom';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, ErrorBlock, NavBar, Skeleton, Space, Tag, Toast } from 'antd-mobile';
import '@/core/ui/antd-mobile-setup';
import s from '@/core/ui/phone-page.module.css';
import { openResource, setFavorite } from '../../api';
import { KIND_LABELS } from '../../contract';
import { ResourcePreview } from '../../components/resource-preview';
import { time } from '../../components/labels';

/** /mobile/resourcePreview?id=: one resource on a phone (PDF, image, video inline; office files download) with its star. */
export default function MobileResourcePreviewPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const navigate = useNavigate();
  const qc = useQueryClient();
  const opened = useQuery({
    queryKey: ['resource-center', 'phone-open', id],
    queryFn: () => openResource(id).then((r) => r.data),
    enabled: id > 0,
    retry: false,
    staleTime: Infinity,
  });
  const star = useMutation({
    mutationFn: (on: boolean) => setFavorite(id, on),
    onSuccess: (r, on) => {
      Toast.show({ icon: 'success', content: r.message });
      qc.setQueryData(['resource-center', 'phone-open', id], {
        ...opened.data!,
        resource: { ...opened.data!.resource, favorite: on },
      });
      void qc.invalidateQueries({ queryKey: ['resource-center', 'phone-hall'] });
    },
  });
  const o = opened.data;
  return (
    <div className={s.page}>
      <NavBar className={s.nav} onBack={() => navigate('/mobile/resourceHall')}>
        资源预览
      </NavBar>
      {opened.isError || id <= 0 ? (
        <ErrorBlock status="empty" title="资源不存在或您无权查看" description="" />
      ) : !o ? (
        <div className={s.body}>
          <Skeleton.Paragraph lineCount={6} animated />
        </div>
      ) : (
        <div className={s.body}>
          <h3 style={{ margin: '4px 0 8px' }}>{o.resource.title}</h3>
          <div className={s.meta}>
            <Space wrap>
              <Tag color="primary" fill="outline">
                {KIND_LABELS[o.resource.kind]}
              </Tag>
              {o.resource.labels.map((l) => (
                <Tag key={l}>{l}</Tag>
              ))}
            </Space>
            <div style={{ marginTop: 6 }}>
              {o.resource.departmentName || '—'} · {o.resource.ownerName} · {time(o.resource.releasedAt)}
            </div>
          </div>
          {o.resource.description && <p>{o.resource.description}</p>}
          <ResourcePreview open={o} height="70vh" />
          <Button
            block
            color={o.resource.favorite ? 'default' : 'primary'}
            style={{ marginTop: 16 }}
            loading={star.isPending}
            onClick={() => star.mutate(!o.resource.favorite)}
          >
            {o.resource.favorite ? '取消收藏' : '收藏'}
          </Button>
        </div>
      )}
    </div>
  );
}
