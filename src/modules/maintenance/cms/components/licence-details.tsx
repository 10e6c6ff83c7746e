import { Descriptions, Progress, Tag } from 'antd';
import type { LicenceInfo, LicenceProblem } from '@/shared/licence';

export const PROBLEM_TEXT: Record<LicenceProblem, string> = {
  missing: '未安装授权',
  forged: '授权签名无效',
  expired: '授权已过期',
  malformed: '授权文件格式错误',
};

// Under a month left, the administrator should start renewing.
const WARN_DAYS = 30;

export function LicenceStatusTag({ info }: { info: LicenceInfo }) {
  if (!info.valid) return <Tag color="error">{PROBLEM_TEXT[info.reason ?? 'missing']}</Tag>;
  if ((info.daysLeft ?? 0) < WARN_DAYS) return <Tag color="warning">即将到期</Tag>;
  return <Tag color="success">正常</Tag>;
}

/** Everything the installed licence says, with active accounts against the cap. */
export function LicenceDetails({ info }: { info: LicenceInfo }) {
  const usage = info.userCap ? Math.min(100, Math.round((info.users / info.userCap) * 100)) : 0;
  return (
    <Descriptions bordered column={2} size="middle" styles={{ label: { width: 170 } }}>
      <Descriptions.Item label="授权单位">{info.holder ?? '—'}</Descriptions.Item>
      <Descriptions.Item label="状态">
        <LicenceStatusTag info={info} />
      </Descriptions.Item>
      <Descriptions.Item label="授权编号">{info.id ?? '—'}</Descriptions.Item>
      <Descriptions.Item label="签发时间">{info.issuedAt ? info.issuedAt.slice(0, 10) : '—'}</Descriptions.Item>
      <Descriptions.Item label="到期日期">{info.expiresAt ?? '—'}</Descriptions.Item>
      <Descriptions.Item label="剩余天数">
        {info.daysLeft === null ? '—' : info.daysLeft < 0 ? '已过期' : `${info.daysLeft} 天`}
      </Descriptions.Item>
      <Descriptions.Item label="用户数（启用 / 上限）" span={2}>
        {info.userCap ? (
          <span style={{ display: 'inline-flex', alignItems: 'center', gap: 12, width: '100%' }}>
            {info.users.toLocaleString('zh-CN')} / {info.userCap.toLocaleString('zh-CN')}
            <Progress
              aria-label="授权用户数占用"
              percent={usage}
              size="small"
              style={{ flex: 1, margin: 0, maxWidth: 360 }}
              status={usage >= 100 ? 'exception' : 'normal'}
            />
          </span>
        ) : (
          info.users.toLocaleString('zh-CN')
        )}
      </Descriptions.Item>
      <Descriptions.Item label="授权模块" span={2}>
        {info.modules.includes('*') ? (
          <Tag color="blue">全部模块</Tag>
        ) : info.modules.length ? (
          info.modules.map((m) => <Tag key={m}>{m}</Tag>)
        ) : (
          '—'
        )}
      </Descriptions.Item>
    </Descriptions>
  );
}
