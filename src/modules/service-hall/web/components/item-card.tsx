import { Link } from 'react-router-dom';
import { Button, Card, Tooltip } from 'antd';
import { StarFilled, StarOutlined } from '@ant-design/icons';
import { AUDIENCE_LABELS, type ItemCard } from '../../contract';
import { ModeTags } from '../../components/labels';
import s from './hall.module.css';

/** One item of the catalogue: name (opens the guide), department, modes, summary, favourite star. */
export function ItemCardView({
  item,
  onFavorite,
}: {
  item: ItemCard;
  /** Absent for a visitor (no favourites without signing in). */
  onFavorite?: (item: ItemCard) => void;
}) {
  return (
    <Card size="small" className={s.card} hoverable role="listitem" aria-label={item.name}>
      <div className={s.cardTitle}>
        <Link to={item.path}>{item.name}</Link>
        {onFavorite && (
          <Tooltip title={item.favorite ? '取消收藏' : '收藏'}>
            <Button
              type="text"
              size="small"
              aria-label={item.favorite ? `取消收藏 ${item.name}` : `收藏 ${item.name}`}
              aria-pressed={item.favorite}
              icon={item.favorite ? <StarFilled style={{ color: '#faad14' }} /> : <StarOutlined />}
              onClick={() => onFavorite(item)}
            />
          </Tooltip>
        )}
      </div>
      <div className={s.meta}>
        {item.departmentName} · {item.theme} · {item.audiences.map((a) => AUDIENCE_LABELS[a]).join('、')}
      </div>
      <div className={s.summary}>{item.summary}</div>
      <div>
        <ModeTags modes={item.modes} />
        <span className={s.meta}>{item.useCount} 人次办理</span>
      </div>
    </Card>
  );
}
