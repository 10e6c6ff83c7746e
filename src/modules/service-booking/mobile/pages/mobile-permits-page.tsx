import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { ErrorBlock, List, NavBar, Popup, Skeleton, Tag } from 'antd-mobile';
import '@/core/ui/antd-mobile-setup';
import { myPermits, permitDocument } from '../../api';
import { PERMIT_STATUS_LABELS } from '../../contract';
import { idParam, time } from '../../components/labels';
import frame from '@/core/ui/phone-page.module.css';
import s from './mobile-booking.module.css';

/** /mobile/permits: my electronic permits; tap one (or ?id=) to show its QR code and verification code. */
export default function MobilePermitsPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // ?id= (a message's link) opens that permit at once.
  const [open, setOpen] = useState<number | null>(idParam(params.get('id')) ?? null);
  const q = { page: 1, pageSize: 50 };
  const list = useQuery({ queryKey: ['permit', 'mine', q], queryFn: () => myPermits(q).then((r) => r.data) });
  const doc = useQuery({
    queryKey: ['permit', 'document', open],
    queryFn: () => permitDocument(open!).then((r) => r.data),
    enabled: open !== null,
  });
  return (
    <div className={frame.page}>
      <NavBar className={frame.nav} onBack={() => navigate('/mobile/home')}>
        我的证照
      </NavBar>
      {list.isPending ? (
        <div className={frame.body}>
          <Skeleton.Paragraph lineCount={5} animated />
        </div>
      ) : !list.data?.list.length ? (
        <ErrorBlock status="empty" title="暂无电子证照" description="相关事项审批通过后自动签发" />
      ) : (
        <List>
          {list.data.list.map((p) => (
            <List.Item
              key={p.id}
              onClick={() => setOpen(p.id)}
              description={
                <div className={s.meta}>
                  {p.departmentName} · {time(p.issuedAt).slice(0, 10)}
                </div>
              }
              extra={<Tag color={p.status === 'valid' ? 'success' : 'danger'}>{PERMIT_STATUS_LABELS[p.status]}</Tag>}
            >
              {p.title}
            </List.Item>
          ))}
        </List>
      )}
      <Popup
        visible={open !== null}
        onMaskClick={() => setOpen(null)}
        onClose={() => setOpen(null)}
        bodyStyle={{ borderTopLeftRadius: 8, borderTopRightRadius: 8 }}
      >
        <div className={s.popup}>
          {doc.data ? (
            <>
              <h3 style={{ textAlign: 'center', margin: 0 }}>{doc.data.title}</h3>
              <div className={s.meta} style={{ textAlign: 'center' }}>
                {doc.data.holderName} · {doc.data.departmentName} · {PERMIT_STATUS_LABELS[doc.data.status]}
              </div>
              <img className={s.qr} src={doc.data.qr} alt={`核验二维码 ${doc.data.code}`} />
              <div className={s.code}>{doc.data.code}</div>
              {doc.data.status === 'revoked' ? <div className={s.meta}>已撤销：{doc.data.revokeReason}</div> : null}
            </>
          ) : (
            <Skeleton.Paragraph lineCount={6} animated />
          )}
        </div>
      </Popup>
    </div>
  );
}
