import { StarFilled, StarOutlined } from '@ant-design/icons';
import { Avatar, Button, Card, Popover, Rate, Space, Tag, Tooltip, Typography } from 'antd';
import type { AppView } from '../../contract';
import s from './app-center.module.css';

/** One app: its badge, name, description, rating; favourite, rate and open. */
export function AppCard({
  app,
  onOpen,
  onFavorite,
  onRate,
}: {
  app: AppView;
  onOpen: (a: AppView) => void;
  onFavorite: (a: AppView) => void;
  onRate: (a: AppView, score: number) => void;
}) {
  return (
    <Card size="small" className={s.card} data-testid={`app-${app.id}`}>
      <div className={s.head}>
        <Avatar shape="square" size={44} style={{ background: app.color }}>
          {[...app.name][0]}
        </Avatar>
        <div className={s.title}>
          <Typography.Text strong ellipsis>
            {app.name}
          </Typography.Text>
          <div>
            {app.kind === 'external' ? <Tag color="blue">外部系统</Tag> : <Tag>站内</Tag>}
            {app.sso && <Tag color="green">统一认证</Tag>}
          </div>
        </div>
        <Tooltip title={app.favorite ? '取消收藏' : '收藏'}>
          <Button
            type="text"
            aria-label={app.favorite ? `取消收藏${app.name}` : `收藏${app.name}`}
            icon={app.favorite ? <StarFilled style={{ color: '#faad14' }} /> : <StarOutlined />}
            onClick={() => onFavorite(app)}
          />
        </Tooltip>
      </div>
      <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} className={s.desc}>
        {app.description || '暂无介绍'}
      </Typography.Paragraph>
      <div className={s.foot}>
        {/* The rating is read-only text (the stars are decoration); rating is its own button, not a
            control nested in another (axe nested-interactive, label-content-name-mismatch). */}
        <Space size={4}>
          {/* Empty stars beside 暂无评分 only crowd the card (it wrapped onto two lines). */}
          {app.ratingCount > 0 && (
            <span aria-hidden="true">
              <Rate disabled allowHalf value={app.rating} style={{ fontSize: 12 }} />
            </span>
          )}
          <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
            {app.ratingCount ? `${app.rating}（${app.ratingCount}）` : '暂无评分'}
          </Typography.Text>
        </Space>
        <Space size={4}>
          <Popover
            trigger="click"
            title={app.myScore ? `您的评分：${app.myScore} 分` : '为这个应用评分'}
            content={
              <Rate aria-label={`为${app.name}评分`} value={app.myScore ?? 0} onChange={(v) => v && onRate(app, v)} />
            }
          >
            <Button size="small" aria-label={`评分 ${app.name}`}>
              评分
            </Button>
          </Popover>
          <Button type="primary" size="small" onClick={() => onOpen(app)}>
            打开
          </Button>
        </Space>
      </div>
    </Card>
  );
}
