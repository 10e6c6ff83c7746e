import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, ErrorBlock, Form, List, Skeleton, Toast } from 'antd-mobile';
import { encryptWithServerKey } from '@/core/crypto/public-key';
import { MobileInput } from '@/core/ui/mobile-text-input';
import { fetchPayslip, fetchSalaryStatus, verifySalary } from '../../api';
import { yuan } from '../../web/components/format';
import { PhoneFrame, phone } from '../components/phone-frame';

/** /mobile/mySalary (staff): payslips after re-entering the password (5 minutes). */
export default function MobileSalaryPage() {
  const status = useQuery({
    queryKey: ['userCenter', 'salary', 'status'],
    queryFn: () => fetchSalaryStatus().then((r) => r.data),
    gcTime: 0,
  });
  const [month, setMonth] = useState<string | null>(null);
  const unlocked = !!status.data?.unlockedUntil && status.data.unlockedUntil > Date.now();
  const shown = month ?? status.data?.months[0] ?? null;
  const slip = useQuery({
    queryKey: ['userCenter', 'salary', 'slip', shown],
    queryFn: () => fetchPayslip(shown!).then((r) => r.data),
    enabled: unlocked && !!shown,
    gcTime: 0,
  });
  const verify = useMutation({
    mutationFn: async (password: string) => verifySalary(await encryptWithServerKey(password)),
    onSuccess: () => {
      Toast.show({ icon: 'success', content: '验证通过' });
      void status.refetch();
    },
  });
  return (
    <PhoneFrame title="我的工资">
      {status.isLoading ? (
        <div className={phone.body}>
          <Skeleton.Paragraph lineCount={4} animated />
        </div>
      ) : !status.data?.months.length ? (
        <ErrorBlock status="empty" title="暂无工资条" description="" />
      ) : !unlocked ? (
        <Form
          layout="vertical"
          onFinish={(v: { password: string }) => verify.mutate(v.password)}
          footer={
            <Button block type="submit" color="primary" loading={verify.isPending}>
              验证
            </Button>
          }
        >
          <Form.Header>查看工资前请再次输入登录密码</Form.Header>
          <Form.Item name="password" label="登录密码" rules={[{ required: true, message: '请输入登录密码' }]}>
            <MobileInput type="password" autoComplete="current-password" />
          </Form.Item>
        </Form>
      ) : (
        <>
          <List header="月份">
            {status.data.months.map((m) => (
              <List.Item key={m} onClick={() => setMonth(m)} extra={m === shown ? '当前' : ''}>
                {m}
              </List.Item>
            ))}
          </List>
          {slip.data && (
            <List header={`${slip.data.month} 工资条`}>
              <List.Item extra={yuan(slip.data.gross)}>应发合计</List.Item>
              <List.Item extra={yuan(slip.data.deductions)}>扣款合计</List.Item>
              <List.Item extra={<strong>{yuan(slip.data.net)}</strong>}>实发金额</List.Item>
              {slip.data.items.map((i) => (
                <List.Item key={i.item} description={i.kind} extra={i.amount.toFixed(2)}>
                  {i.item}
                </List.Item>
              ))}
            </List>
          )}
        </>
      )}
    </PhoneFrame>
  );
}
