import { Suspense, lazy, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Badge, Tooltip } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useSession } from '@/core/session/store';
import { messageCount } from '@/modules/messages/api';
import { MESSAGE_COUNT_REFRESH_MS } from '@/modules/messages/contract';
import s from './message-bell.module.css';

// The drawer (list, tabs, pagination) loads with the first click: every /web page shows the bell.
const MessageDrawer = lazy(() => import('./message-drawer'));

/** The /web header's bell: the unread count, refreshed every 60 s while the tab is visible, and the message drawer. */
export function MessageBell() {
  const token = useSession((st) => st.token);
  const isAdmin = useSession((st) => st.isAdmin);
  if (!token || isAdmin) return null;
  return <Bell />;
}

function Bell() {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);

  // refetchInterval pauses while the tab is hidden (TanStack's default); focus asks again at once.
  const count = useQuery({
    queryKey: ['messages', 'count'],
    queryFn: () => messageCount({ silent: true }).then((r) => r.data.unread),
    refetchInterval: MESSAGE_COUNT_REFRESH_MS,
    refetchOnWindowFocus: true,
  });
  const unread = count.data ?? 0;

  return (
    <>
      <Tooltip title="消息">
        <button
          type="button"
          className={s.bell}
          aria-label={unread ? `消息，${unread} 条未读` : '消息'}
          onClick={() => {
            setOpen(true);
            setOpened(true);
          }}
        >
          <Badge count={unread} size="small" overflowCount={99} offset={[2, -2]}>
            <BellOutlined className={s.bellIcon} />
          </Badge>
        </button>
      </Tooltip>
      {opened && (
        <Suspense fallback={null}>
          <MessageDrawer open={open} unread={unread} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
