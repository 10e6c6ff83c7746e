import { lazy, Suspense, useMemo, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Dialog, List, Selector, Skeleton, Tag, Toast } from 'antd-mobile';
import { PhoneListBody, usePhoneList } from '@/core/ui/phone-list';
import { fetchCard, fetchCardMonthly, listCardTxns, requestCard } from '../../api';
import { CARD_REQUEST_KIND_LABELS } from '../../contract';
import { cardMonthOption } from '../../web/components/card-month-option';
import { time, TXN_KIND_LABELS, yuan } from '../../web/components/format';
import { PhoneFrame, phone } from '../components/phone-frame';

const Chart = lazy(() => import('../../web/components/chart'));

/** /mobile/mySmartCard: balance, 挂失/解冻, monthly chart and transactions by kind on a phone. */
export default function MobileSmartCardPage() {
  const qc = useQueryClient();
  const [kind, setKind] = useState<string | undefined>();
  const card = useQuery({ queryKey: ['userCenter', 'card'], queryFn: () => fetchCard().then((r) => r.data) });
  const months = useQuery({
    queryKey: ['userCenter', 'cardMonthly'],
    queryFn: () => fetchCardMonthly().then((r) => r.data),
  });
  const list = usePhoneList(['userCenter', 'txns', 'phone', kind], (page) =>
    listCardTxns({ kind, page, pageSize: 20 }).then((r) => r.data),
  );
  const ask = useMutation({
    mutationFn: (k: 'loss' | 'unfreeze') => requestCard(k, ''),
    onSuccess: (r) => {
      Toast.show({ icon: 'success', content: r.message || '申请已提交' });
      void qc.invalidateQueries({ queryKey: ['userCenter'] });
    },
  });
  const option = useMemo(() => cardMonthOption(months.data ?? []), [months.data]);
  const c = card.data;
  const confirm = (k: 'loss' | 'unfreeze') =>
    void Dialog.confirm({ content: `确定申请${CARD_REQUEST_KIND_LABELS[k]}？由卡务中心处理。` }).then(
      (okd) => okd && ask.mutate(k),
    );
  return (
    <PhoneFrame title="我的一卡通">
      <div className={phone.body}>
        <Card title="余额">
          {card.isLoading ? (
            <Skeleton.Paragraph lineCount={2} animated />
          ) : c ? (
            <>
              <div style={{ fontSize: 28, fontWeight: 600 }}>{yuan(c.balance)}</div>
              <div>
                卡号 {c.cardNo} <Tag color={c.status === '正常' ? 'success' : 'danger'}>{c.status}</Tag>
              </div>
              {c.pending ? (
                <div>{CARD_REQUEST_KIND_LABELS[c.pending.kind]}申请待卡务中心处理</div>
              ) : (
                <Button
                  size="small"
                  color={c.status === '正常' ? 'danger' : 'primary'}
                  onClick={() => confirm(c.status === '正常' ? 'loss' : 'unfreeze')}
                >
                  {c.status === '正常' ? '挂失' : '申请解冻'}
                </Button>
              )}
            </>
          ) : (
            '暂无校园卡数据'
          )}
        </Card>
        <Card title="近六个月消费" style={{ marginTop: 8 }}>
          <Suspense fallback={<Skeleton.Paragraph lineCount={4} animated />}>
            {months.data && <Chart option={option} height={220} />}
          </Suspense>
        </Card>
      </div>
      <Selector
        style={{ padding: '0 12px' }}
        columns={4}
        options={Object.entries(TXN_KIND_LABELS).map(([value, label]) => ({ value, label }))}
        value={kind ? [kind] : []}
        onChange={(v) => setKind(v[0])}
      />
      <PhoneListBody list={list} label="交易明细" empty="暂无交易" unit="笔">
        {list.rows.map((t) => (
          <List.Item
            key={t.txnId}
            description={`${time(t.occurredAt)} · ${TXN_KIND_LABELS[t.kind] ?? t.kind}`}
            extra={<span style={{ color: t.amount < 0 ? '#cf1322' : '#237804' }}>{t.amount.toFixed(2)}</span>}
          >
            {t.merchant}
          </List.Item>
        ))}
      </PhoneListBody>
    </PhoneFrame>
  );
}
