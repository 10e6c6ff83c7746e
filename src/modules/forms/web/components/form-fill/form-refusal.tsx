import { Button, Card, Result, Space } from 'antd';
import { PasswordInput } from '@/core/ui/text-input';
import { LockOutlined } from '@ant-design/icons';
import { fillRefusal } from '@/modules/forms/components/fill-refusal';
import { useFormUnlock } from '@/modules/forms/components/use-form-unlock';
import s from './form-fill-view.module.css';

const STATUS = {
  audience: 'warning',
  notOpen: 'info',
  closed: 'warning',
  submitted: 'success',
  other: 'warning',
} as const;

/**
 * Why the form cannot be filled (不在适用范围内, 未开始 with its opening time, 已截止, 已提交过), or
 * the access password box of a password form: the right password opens the form in place.
 */
export function FormRefusal({ formId, error, queryKey }: { formId: number; error: unknown; queryKey: unknown[] }) {
  const refusal = fillRefusal(error);
  const { password, setPassword, wrong, busy, unlock } = useFormUnlock(formId, queryKey);
  if (refusal.kind !== 'password')
    return (
      <Card className={s.card}>
        <Result status={STATUS[refusal.kind]} title={refusal.title} subTitle={refusal.text} />
      </Card>
    );
  return (
    <Card className={s.card}>
      <Result
        icon={<LockOutlined />}
        title="该表单需要访问密码"
        subTitle="请输入表单发布者提供的访问密码"
        extra={
          <Space orientation="vertical" size={8}>
            <Space.Compact>
              <PasswordInput
                aria-label="访问密码"
                placeholder="访问密码"
                value={password}
                status={wrong ? 'error' : undefined}
                onChange={(e) => setPassword(e.target.value)}
                onPressEnter={() => void unlock()}
              />
              <Button type="primary" loading={busy} disabled={!password} onClick={() => void unlock()}>
                确定
              </Button>
            </Space.Compact>
            {wrong && <span className={s.wrong}>{wrong}</span>}
          </Space>
        }
      />
    </Card>
  );
}
