import { Alert, Card, Descriptions, Progress, Tag } from 'antd';
import type { LicenceInfo, LicenceProblem } from '@/shared/licence';

const PROBLEM_TEXT: Record<LicenceProblem, string> = {
  missing: '未安装授权',
  forged: '授权签名无效',
  expired: '授权已过期',
  malformed: '授权文件格式错误',
};

// Under a month left, the administrator should start renewing.
const WARN_DAYS = 30;

/** The installed licence on the back-office home: holder, expiry, days left, accounts against the cap. */
export function LicenceCard({ info, loading }: { info: LicenceInfo | undefined; loading: boolean }) {
  const status = !info ? null : !info.valid ? (
    <Tag color="error">{PROBLEM_TEXT[info.reason ?? 'missing']}</Tag>
  ) : (info.daysLeft ?? 0) < WARN_DAYS ? (
    <Tag color="warning">即将到期</Tag>
  ) : (
    <Tag color="success">正常</Tag>
  );
  const usage = info?.userCap ? Math.min(100, Math.round((info.users / info.userCap) * 100)) : 0;
  return (
    <Card title="授权信息" extra={status} loading={loading}>
      {info && !info.valid && (
        <Alert
          type="error"
          showIcon
          title="服务未授权，普通用户当前无法使用系统，请上传有效授权。"
          style={{ marginBottom: 16 }}
        />
      )}
      {info && (
        <Descriptions column={1} size="small">
          <Descriptions.Item label="授权单位">{info.holder ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="到期日期">{info.expiresAt ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="剩余天数">{info.daysLeft === null ? '—' : `${info.daysLeft} 天`}</Descriptions.Item>
          <Descriptions.Item label="授权模块">
            {info.modules.includes('*') ? '全部模块' : info.modules.join('、') || '—'}
          </Descriptions.Item>
          <Descriptions.Item label="用户数">
            {info.userCap ? (
              <span style={{ display: 'inline-flex', alignItems: 'center', gap: 12, width: '100%' }}>
                {info.users.toLocaleString('zh-CN')} / {info.userCap.toLocaleString('zh-CN')}
                <Progress
                  aria-label="授权用户数占用"
                  percent={usage}
                  size="small"
                  style={{ flex: 1, margin: 0 }}
                  status={usage >= 100 ? 'exception' : 'normal'}
                />
              </span>
            ) : (
              info.users.toLocaleString('zh-CN')
            )}
          </Descriptions.Item>
        </Descriptions>
      )}
    </Card>
  );
}
