import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Descriptions, Empty, Form, Menu, Table } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { PasswordInput } from '@/core/ui/text-input';
import { encryptWithServerKey } from '@/core/crypto/public-key';
import { fetchPayslip, fetchSalaryStatus, verifySalary } from '../../api';
import { time, yuan } from '../components/format';
import s from './user-center.module.css';

/** The password form of the second verification (shared by nothing else: the phone page has its own). */
function VerifyForm({ onDone }: { onDone: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ password: string }>();
  const verify = useMutation({
    mutationFn: async (password: string) => verifySalary(await encryptWithServerKey(password)),
    onSuccess: () => {
      message.success('验证通过，5 分钟内可查看工资');
      form.resetFields();
      onDone();
    },
  });
  return (
    <Card
      title={
        <>
          <LockOutlined /> 查看工资前请再次输入登录密码
        </>
      }
      style={{ maxWidth: 480 }}
    >
      <Form form={form} layout="vertical" onFinish={(v) => verify.mutate(v.password)}>
        <Form.Item name="password" label="登录密码" rules={[{ required: true, message: '请输入登录密码' }]}>
          <PasswordInput autoComplete="current-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={verify.isPending}>
          验证
        </Button>
      </Form>
    </Card>
  );
}

/** /web/userCenter/mySalary (staff): payslips by month; amounts only within 5 minutes of re-entering the password. */
export default function MySalaryPage() {
  const qc = useQueryClient();
  const status = useQuery({
    queryKey: ['userCenter', 'salary', 'status'],
    queryFn: () => fetchSalaryStatus().then((r) => r.data),
    gcTime: 0,
  });
  const [month, setMonth] = useState<string | null>(null);
  const until = status.data?.unlockedUntil ?? null;
  const unlocked = !!until && until > Date.now();
  const shown = month ?? status.data?.months[0] ?? null;
  const slip = useQuery({
    queryKey: ['userCenter', 'salary', 'slip', shown],
    queryFn: () => fetchPayslip(shown!).then((r) => r.data),
    enabled: unlocked && !!shown,
    gcTime: 0,
  });
  // Lock again when the five minutes are up: the amounts leave the page.
  useEffect(() => {
    if (!until) return;
    const t = setTimeout(
      () => qc.removeQueries({ queryKey: ['userCenter', 'salary'] }),
      Math.max(until - Date.now(), 0) + 500,
    );
    return () => clearTimeout(t);
  }, [until, qc]);
  if (status.isLoading) return <Card loading />;
  const months = status.data?.months ?? [];
  return (
    <div className={s.page}>
      <Card title="我的工资">
        {!months.length ? (
          <Empty description="暂无工资条" />
        ) : !unlocked ? (
          <VerifyForm onDone={() => void status.refetch()} />
        ) : (
          <div style={{ display: 'flex', gap: 24 }}>
            <Menu
              style={{ width: 160 }}
              selectedKeys={shown ? [shown] : []}
              items={months.map((m) => ({ key: m, label: m }))}
              onClick={({ key }) => setMonth(key)}
            />
            <div style={{ flex: 1 }}>
              <Alert
                type="info"
                showIcon
                title={`验证有效至 ${time(until)}，之后需重新输入密码`}
                style={{ marginBottom: 12 }}
              />
              {slip.data ? (
                <>
                  <Descriptions bordered column={4} size="small" title={`${slip.data.month} 工资条`}>
                    <Descriptions.Item label="应发合计">{yuan(slip.data.gross)}</Descriptions.Item>
                    <Descriptions.Item label="扣款合计">{yuan(slip.data.deductions)}</Descriptions.Item>
                    <Descriptions.Item label="实发金额">
                      <span className={s.amount}>{yuan(slip.data.net)}</span>
                    </Descriptions.Item>
                    <Descriptions.Item label="发放时间">{time(slip.data.paidAt)}</Descriptions.Item>
                  </Descriptions>
                  <Table
                    style={{ marginTop: 12 }}
                    rowKey="item"
                    size="small"
                    pagination={false}
                    dataSource={slip.data.items}
                    columns={[
                      { title: '项目', dataIndex: 'item' },
                      { title: '类别', dataIndex: 'kind' },
                      { title: '金额', dataIndex: 'amount', align: 'right', render: (v: number) => v.toFixed(2) },
                    ]}
                  />
                </>
              ) : (
                <Card loading={slip.isLoading}>{!slip.isLoading && <Empty description="该月没有工资条" />}</Card>
              )}
            </div>
          </div>
        )}
      </Card>
    </div>
  );
}
