import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Card, Descriptions, Result, Spin } from 'antd';
import { verifyPermit } from '../../api';
import { time } from '../../components/labels';
import { SearchInput } from '@/core/ui/text-input';

const CODE = /^[0-9A-Za-z-]{4,40}$/;

const RESULTS = {
  valid: { status: 'success', title: '证照有效' },
  revoked: { status: 'error', title: '证照已撤销' },
  expired: { status: 'warning', title: '证照已过期' },
  unknown: { status: 'warning', title: '未找到该验证码对应的证照' },
} as const;

/** /home/permitVerify?code=…: anyone checks an electronic permit (valid / revoked / unknown), the holder's name masked. */
export default function PermitVerifyPage() {
  const [params, setParams] = useSearchParams();
  const code = (params.get('code') ?? '').trim();
  const [text, setText] = useState(code);
  const valid = CODE.test(code);
  const answer = useQuery({
    queryKey: ['permit', 'verify', code],
    queryFn: () => verifyPermit(code).then((r) => r.data),
    enabled: valid,
  });
  const a = answer.data;
  return (
    <div style={{ maxWidth: 760, margin: '24px auto', padding: '0 12px' }}>
      <Card title="电子证照核验">
        <SearchInput
          aria-label="验证码"
          placeholder="输入证照上的验证码，如 ABCD-EFGH-JKMN"
          enterButton="核验"
          size="large"
          value={text}
          maxLength={40}
          onChange={(e) => setText(e.target.value)}
          onSearch={(v) => setParams(v.trim() ? { code: v.trim() } : {})}
        />
        {code && !valid ? <Result status="warning" title="验证码格式不正确" /> : null}
        <Spin spinning={answer.isFetching}>
          {a ? (
            <Result
              status={RESULTS[a.result].status}
              title={RESULTS[a.result].title}
              subTitle={a.result === 'unknown' ? '请核对验证码是否输入正确' : undefined}
            >
              {a.result !== 'unknown' ? (
                <Descriptions column={1} bordered size="small">
                  <Descriptions.Item label="证照名称">{a.title}</Descriptions.Item>
                  <Descriptions.Item label="持证人">{a.holderName}</Descriptions.Item>
                  <Descriptions.Item label="办理事项">{a.itemName}</Descriptions.Item>
                  <Descriptions.Item label="签发部门">{a.departmentName}</Descriptions.Item>
                  <Descriptions.Item label="签发时间">{time(a.issuedAt)}</Descriptions.Item>
                  <Descriptions.Item label="有效期至">
                    {a.validUntil ? time(a.validUntil).slice(0, 10) : '长期有效'}
                  </Descriptions.Item>
                  {a.result === 'revoked' ? (
                    <Descriptions.Item label="撤销">
                      {time(a.revokedAt)}：{a.revokeReason}
                    </Descriptions.Item>
                  ) : null}
                </Descriptions>
              ) : null}
            </Result>
          ) : null}
        </Spin>
      </Card>
    </div>
  );
}
