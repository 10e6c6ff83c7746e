import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Dialog, List, Tabs, Tag, Toast } from 'antd-mobile';
import { PhoneListBody, usePhoneList } from '@/core/ui/phone-list';
import { listLoans, renewLoan } from '../../api';
import { PhoneFrame, phone } from '../components/phone-frame';

/** /mobile/myBookBorrow: current loans with renew, and history. */
export default function MobileBookBorrowPage() {
  const qc = useQueryClient();
  const [scope, setScope] = useState<'current' | 'history'>('current');
  const list = usePhoneList(['userCenter', 'loans', 'phone', scope], (page) =>
    listLoans({ scope, page, pageSize: 20 }).then((r) => r.data),
  );
  const renew = useMutation({
    mutationFn: renewLoan,
    onSuccess: (r) => {
      Toast.show({ icon: 'success', content: `续借成功，应还 ${r.data.dueDate}` });
      void qc.invalidateQueries({ queryKey: ['userCenter'] });
    },
  });
  return (
    <PhoneFrame title="我的借阅">
      <Tabs className={phone.tabs} activeKey={scope} onChange={(k) => setScope(k as 'current' | 'history')}>
        <Tabs.Tab title="当前借阅" key="current" />
        <Tabs.Tab title="借阅历史" key="history" />
      </Tabs>
      <PhoneListBody
        list={list}
        label="借阅"
        empty={scope === 'current' ? '当前没有在借图书' : '暂无借阅历史'}
        unit="本"
      >
        {list.rows.map((l) => (
          <List.Item
            key={l.loanId}
            description={
              <>
                应还 {l.dueDate} · 续借 {l.renewals} 次 <Tag color={l.overdue ? 'danger' : 'default'}>{l.status}</Tag>
              </>
            }
            extra={
              l.renewable && (
                <Button
                  size="mini"
                  onClick={() =>
                    void Dialog.confirm({ content: `续借《${l.title}》？` }).then((y) => y && renew.mutate(l.loanId))
                  }
                >
                  续借
                </Button>
              )
            }
          >
            {l.title}
          </List.Item>
        ))}
      </PhoneListBody>
    </PhoneFrame>
  );
}
