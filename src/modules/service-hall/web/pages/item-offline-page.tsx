import { useNavigate } from 'react-router-dom';
import { Button, Card, Empty, Result, Skeleton, Space, Table, Typography } from 'antd';
import { CalendarOutlined } from '@ant-design/icons';
import { itemPath, type OfflineWindow } from '../../contract';
import { useGuide } from '../../components/use-guide';
import { GuideHeader } from '../components/guide-parts';
import s from '../components/hall.module.css';

/**
 * /web/eventService/offline?id= 线下办理 (open without a token for public items): where and when to
 * go — windows with addresses and phones, opening hours, the map, what to bring.
 */
export default function ItemOfflinePage() {
  const navigate = useNavigate();
  const { id, guide } = useGuide();
  if (id === null) return <Result status="warning" title="链接不完整" subTitle="缺少事项编号" />;
  if (guide.isPending) return <Skeleton active paragraph={{ rows: 10 }} style={{ padding: 24 }} />;
  if (guide.isError || !guide.data)
    return (
      <Result
        status="404"
        title="事项不存在或无权查看"
        extra={<Button onClick={() => navigate('/web/eventService/index')}>返回办事大厅</Button>}
      />
    );
  const g = guide.data;
  return (
    <div className={s.page}>
      <GuideHeader
        g={g}
        extra={
          <Space>
            <Button onClick={() => navigate(itemPath(g.id))}>查看办事指南</Button>
            {g.modes.includes('booking') && (
              <Button
                type="primary"
                icon={<CalendarOutlined />}
                onClick={() => navigate(`/web/eventService/orderline?itemId=${g.id}`)}
              >
                预约办理
              </Button>
            )}
          </Space>
        }
      />
      <div className={s.guide}>
        <div>
          <Card title="办理窗口" className={s.section}>
            <Table<OfflineWindow>
              size="small"
              rowKey={(w) => `${w.name}-${w.address}`}
              pagination={false}
              dataSource={g.windows}
              locale={{ emptyText: <Empty description="该事项无线下窗口，请在线办理" /> }}
              columns={[
                { title: '窗口', dataIndex: 'name' },
                { title: '地址', dataIndex: 'address' },
                { title: '办公时间', dataIndex: 'hours' },
                { title: '电话', dataIndex: 'phone', render: (v: string) => v || '—' },
              ]}
            />
          </Card>
          <Card title="携带材料" className={s.section}>
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{g.bring || '—'}</Typography.Paragraph>
          </Card>
        </div>
        <div>
          <Card title="开放时间" className={s.section}>
            {g.openingHours || '—'}
          </Card>
          <Card title="位置地图" className={s.section}>
            {g.mapUrl ? (
              <img className={s.mapImage} src={g.mapUrl} alt={`${g.name} 办理地点地图`} />
            ) : (
              <Empty description="暂无地图" image={Empty.PRESENTED_IMAGE_SIMPLE} />
            )}
          </Card>
        </div>
      </div>
    </div>
  );
}
