import { Empty, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import s from './card-list.module.css';

/**
 * The short lists inside myHomepage's cards: one row per item, two ends (title, detail). antd's
 * List is deprecated in 6.6 and its successor is a different component; a card needs only this.
 */
export function CardList<T>(props: {
  items: T[];
  empty: string;
  loading?: boolean;
  rowKey: (item: T, index: number) => string | number;
  render: (item: T) => ReactNode;
}) {
  if (props.loading) return <Skeleton active paragraph={{ rows: 3 }} title={false} />;
  if (!props.items.length) return <Empty description={props.empty} image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  return (
    <ul className={s.list}>
      {props.items.map((item, i) => (
        <li key={props.rowKey(item, i)} className={s.row}>
          {props.render(item)}
        </li>
      ))}
    </ul>
  );
}
