import { useNavigate } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { ErrorBlock, List, NavBar, Skeleton, Tag } from 'antd-mobile';
import '@/core/ui/antd-mobile-setup';
import { listRecords } from '../../api';
import { RECORD_STATE_LABELS } from '../../contract';
import { mobileFillPath, time } from '../../components/labels';
import s from './mobile-acquisition.module.css';

/** /mobile/fillingRecords: what I filled and where each record stands (the newest 50). */
export default function MobileFillingRecordsPage() {
  const navigate = useNavigate();
  const q = { page: 1, pageSize: 50 };
  const list = useQuery({ queryKey: ['acquisition', 'records', q], queryFn: () => listRecords(q).then((r) => r.data) });
  return (
    <div className={s.page}>
      <NavBar className={s.nav} onBack={() => navigate('/mobile/home')}>
        填报记录
      </NavBar>
      {list.isPending ? (
        <div className={s.body}>
          <Skeleton.Paragraph lineCount={5} animated />
        </div>
      ) : !list.data?.list.length ? (
        <ErrorBlock status="empty" title="暂无填报记录" description="" />
      ) : (
        <List>
          {list.data.list.map((m) => (
            <List.Item
              key={m.assignmentId}
              onClick={() => navigate(mobileFillPath(m.assignmentId))}
              description={
                <>
                  <div className={s.meta}>
                    {m.recordLabel} · {time(m.updatedAt)}
                    {m.note ? ` · ${m.note}` : ''}
                  </div>
                  <div className={s.tags}>
                    <Tag
                      color={
                        m.recordState === 'written' ? 'success' : m.recordState === 'returned' ? 'warning' : 'primary'
                      }
                    >
                      {RECORD_STATE_LABELS[m.recordState]}
                    </Tag>
                  </div>
                </>
              }
            >
              {m.title}
            </List.Item>
          ))}
        </List>
      )}
    </div>
  );
}
