import { Descriptions, Space, Tag } from 'antd';
import { Link } from 'react-router-dom';
import { instanceLink, taskLink } from '@/shared/approval-links';
import { CORRECTION_STATE_LABELS, SOURCE_STATE_LABELS, WRITE_STATE_LABELS, type CorrectionItem } from '../../contract';
import { STATE_COLORS, WRITE_COLORS, time } from './labels';

/** A request with its before/after, reason, evidence and answer. */
export function CorrectionDetail({ c }: { c: CorrectionItem }) {
  return (
    <Descriptions size="small" bordered column={1}>
      <Descriptions.Item label="申请人">
        {c.applicantName}（{c.personNo}）
      </Descriptions.Item>
      <Descriptions.Item label="数据项">
        {c.tableName} · {c.fieldLabel}
      </Descriptions.Item>
      <Descriptions.Item label="原值">{c.oldValue || '—'}</Descriptions.Item>
      <Descriptions.Item label="建议值">
        <strong>{c.newValue}</strong>
      </Descriptions.Item>
      <Descriptions.Item label="理由">{c.reason}</Descriptions.Item>
      <Descriptions.Item label="证明材料">
        {c.evidence.length ? (
          <Space orientation="vertical" size={2}>
            {c.evidence.map((e) => (
              <a key={e.id} href={e.url} target="_blank" rel="noreferrer">
                {e.name}
              </a>
            ))}
          </Space>
        ) : (
          '无'
        )}
      </Descriptions.Item>
      <Descriptions.Item label="负责部门">{c.department ?? '—'}</Descriptions.Item>
      <Descriptions.Item label="申请时间">{time(c.createdAt)}</Descriptions.Item>
      <Descriptions.Item label="状态">
        <Tag color={STATE_COLORS[c.state]}>{CORRECTION_STATE_LABELS[c.state]}</Tag>
        {c.state === 'approved' && <Tag color={WRITE_COLORS[c.writeState]}>{WRITE_STATE_LABELS[c.writeState]}</Tag>}
      </Descriptions.Item>
      {c.state === 'approved' && c.sourceState !== 'none' && (
        <Descriptions.Item label="源系统">
          <Tag color={c.sourceState === 'written' ? 'success' : c.sourceState === 'failed' ? 'error' : 'processing'}>
            {SOURCE_STATE_LABELS[c.sourceState]}
          </Tag>
          {c.sourceError && (
            <span>
              {c.sourceState === 'pending' ? '上次尝试：' : ''}
              {c.sourceError}
            </span>
          )}
        </Descriptions.Item>
      )}
      {c.conflictValue !== null && (
        <Descriptions.Item label="同步冲突">
          源系统同步来的值为「{c.conflictValue}」，已保留核准值，等待负责部门确认
        </Descriptions.Item>
      )}
      {c.instanceId !== null && (
        <Descriptions.Item label="审批流程">
          <Space size={8} wrap>
            {c.state === 'pending' && c.currentNodes && <span>当前：{c.currentNodes}</span>}
            {/* The approval centre's own page: flow chart, history, opinions, urging. */}
            <Link to={c.taskId ? taskLink(c.taskId) : instanceLink(c.instanceId)}>查看审批详情</Link>
          </Space>
        </Descriptions.Item>
      )}
      {c.state !== 'pending' && (
        <Descriptions.Item label="审核意见">
          {c.answer || '—'}（{c.deciderName}，{time(c.decidedAt)}）
        </Descriptions.Item>
      )}
    </Descriptions>
  );
}
