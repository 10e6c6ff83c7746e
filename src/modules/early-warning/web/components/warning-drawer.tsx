import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Descriptions, Drawer, Empty, Form, Modal, Radio, Space, Table, Tag, Timeline, Typography } from 'antd';
import { TextArea, TextInput } from '@/core/ui/text-input';
import { toast } from '@/core/ui/toast';
import { assignWarning, fetchAssignees, fetchWarning, recordCare, recordVisit } from '../../api';
import { CARE_ACTION_LABELS, LIST_TITLES, STATUS_LABELS } from '../../contract';
import { STATUS_COLORS, cell, time } from '../../components/format';

type Action = 'contact' | 'close' | 'escalate';

/** One warning: why (reason and evidence rows), the student's care history, and what to do next. */
export function WarningDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const qc = useQueryClient();
  const [care, setCare] = useState<Action | null>(null);
  const [visit, setVisit] = useState(false);
  const [assign, setAssign] = useState(false);
  const [text, setText] = useState('');
  const [outcome, setOutcome] = useState('');
  const [place, setPlace] = useState('');
  const [assignee, setAssignee] = useState<number | undefined>();
  const detail = useQuery({
    queryKey: ['earlyWarning', 'detail', id],
    queryFn: () => fetchWarning(id!).then((r) => r.data),
    enabled: id !== null,
  });
  const assignees = useQuery({
    queryKey: ['earlyWarning', 'assignees', id],
    queryFn: () => fetchAssignees(id!).then((r) => r.data),
    enabled: id !== null && assign,
  });
  const done = (message: string) => {
    toast.success(message);
    void qc.invalidateQueries({ queryKey: ['earlyWarning'] });
    setCare(null);
    setVisit(false);
    setAssign(false);
    setText('');
    setOutcome('');
    setPlace('');
  };
  const saveCare = useMutation({
    mutationFn: () => recordCare({ warningId: id!, action: care!, content: text.trim(), outcome: outcome.trim() }),
    onSuccess: () => done('已记录'),
  });
  const saveVisit = useMutation({
    mutationFn: () =>
      recordVisit({ studentNo: detail.data!.studentNo, place: place.trim(), content: text.trim(), warningId: id! }),
    onSuccess: () => done('走访记录已保存'),
  });
  const saveAssign = useMutation({
    mutationFn: () => assignWarning({ warningId: id!, assigneeId: assignee! }),
    onSuccess: () => done('已指派'),
  });
  const w = detail.data;
  return (
    <Drawer
      open={id !== null}
      size={760}
      title={w ? `${LIST_TITLES[w.list]} · ${w.studentName}` : '预警详情'}
      onClose={onClose}
    >
      {w && (
        <Space orientation="vertical" size="large" style={{ width: '100%' }}>
          <Descriptions column={2} size="small" bordered>
            <Descriptions.Item label="学号">{w.studentNo}</Descriptions.Item>
            <Descriptions.Item label="姓名">{w.studentName}</Descriptions.Item>
            <Descriptions.Item label="学院">{w.collegeName}</Descriptions.Item>
            <Descriptions.Item label="辅导员">{w.counsellorName ?? '未分配'}</Descriptions.Item>
            <Descriptions.Item label="统计周期">{w.period}</Descriptions.Item>
            <Descriptions.Item label="状态">
              <Tag color={STATUS_COLORS[w.status]}>{STATUS_LABELS[w.status]}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label="预警原因" span={2}>
              {w.reason}
            </Descriptions.Item>
            {w.amount !== null && (
              <Descriptions.Item label="日均食堂消费" span={2}>
                {w.amount.toFixed(2)} 元
              </Descriptions.Item>
            )}
          </Descriptions>
          {w.canAct && (
            <Space wrap>
              <Button type="primary" onClick={() => setVisit(true)}>
                记录走访宿舍
              </Button>
              <Button onClick={() => setCare('contact')}>记录联系</Button>
              <Button onClick={() => setCare('close')}>关闭预警</Button>
              <Button danger onClick={() => setCare('escalate')}>
                上报
              </Button>
              {w.canAssign && <Button onClick={() => setAssign(true)}>指派辅导员</Button>}
            </Space>
          )}
          <div>
            <Typography.Title level={5}>证据（{w.evidence.rows.length} 条）</Typography.Title>
            <Table
              size="small"
              rowKey={(_, i) => String(i)}
              pagination={{ pageSize: 10, showSizeChanger: false }}
              dataSource={w.evidence.rows}
              columns={w.evidence.columns.map((c) => ({
                title: c.title,
                dataIndex: c.key,
                render: (v: unknown) => cell(c.key, v),
              }))}
            />
          </div>
          <div>
            <Typography.Title level={5}>关怀记录</Typography.Title>
            {w.care.length ? (
              <Timeline
                items={w.care.map((c) => ({
                  key: c.id,
                  content: (
                    <Space orientation="vertical" size={0}>
                      <Typography.Text strong>
                        {CARE_ACTION_LABELS[c.action as keyof typeof CARE_ACTION_LABELS] ?? c.action} · {c.actorName} ·{' '}
                        {time(c.at)}
                      </Typography.Text>
                      <span>{c.content}</span>
                      {c.outcome && <Typography.Text type="secondary">结果：{c.outcome}</Typography.Text>}
                    </Space>
                  ),
                }))}
              />
            ) : (
              <Empty description="暂无关怀记录" />
            )}
          </div>
        </Space>
      )}
      <Modal
        open={care !== null}
        title={care ? CARE_ACTION_LABELS[care] : ''}
        okText="保存"
        cancelText="取消"
        okButtonProps={{ disabled: !text.trim() }}
        confirmLoading={saveCare.isPending}
        onOk={() => saveCare.mutate()}
        onCancel={() => setCare(null)}
        destroyOnHidden
      >
        <Form layout="vertical">
          <Form.Item label="情况说明" required>
            <TextArea
              aria-label="情况说明"
              rows={4}
              maxLength={500}
              showCount
              value={text}
              onChange={(e) => setText(e.target.value)}
            />
          </Form.Item>
          <Form.Item label="结果">
            <TextInput aria-label="结果" maxLength={200} value={outcome} onChange={(e) => setOutcome(e.target.value)} />
          </Form.Item>
        </Form>
      </Modal>
      <Modal
        open={visit}
        title="记录走访宿舍"
        okText="保存"
        cancelText="取消"
        okButtonProps={{ disabled: !text.trim() || !place.trim() }}
        confirmLoading={saveVisit.isPending}
        onOk={() => saveVisit.mutate()}
        onCancel={() => setVisit(false)}
        destroyOnHidden
      >
        <Form layout="vertical">
          <Form.Item label="走访地点" required>
            <TextInput
              aria-label="走访地点"
              maxLength={60}
              placeholder="如：梅园1号楼 203"
              value={place}
              onChange={(e) => setPlace(e.target.value)}
            />
          </Form.Item>
          <Form.Item label="走访情况" required>
            <TextArea
              aria-label="走访情况"
              rows={4}
              maxLength={500}
              showCount
              value={text}
              onChange={(e) => setText(e.target.value)}
            />
          </Form.Item>
        </Form>
      </Modal>
      <Modal
        open={assign}
        title="指派辅导员"
        okText="指派"
        cancelText="取消"
        okButtonProps={{ disabled: assignee === undefined }}
        confirmLoading={saveAssign.isPending}
        onOk={() => saveAssign.mutate()}
        onCancel={() => setAssign(false)}
        destroyOnHidden
      >
        <Radio.Group value={assignee} onChange={(e) => setAssignee(e.target.value as number)}>
          <Space orientation="vertical">
            {(assignees.data ?? []).map((a) => (
              <Radio key={a.id} value={a.id}>
                {a.realName}（{a.userNo}）
              </Radio>
            ))}
          </Space>
        </Radio.Group>
        {assignees.data && !assignees.data.length && <Empty description="该学院暂无辅导员" />}
      </Modal>
    </Drawer>
  );
}
