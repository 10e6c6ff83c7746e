import { useEffect, useMemo, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Col, Form, Popconfirm, Row, Space, Table, Tag, Typography } from 'antd';
import { TextArea, TextInput } from '@/core/ui/text-input';
import { listTemplates, resetTemplate, saveTemplate } from '@/modules/messages/api';
import { MESSAGE_KIND_LABELS, type MessageKind } from '@/modules/messages/contract';
import {
  SAMPLE_VARIABLES,
  TEMPLATE_LIMITS,
  VARIABLE_LABELS,
  type NotifyTemplate,
} from '@/modules/messages/notify-contract';
import { renderHtml, renderText, unknownVariables } from '@/modules/messages/notify-template';
import s from './notify-pages.module.css';

interface Values {
  subject: string;
  body: string;
}

/**
 * /cms/message/notifyTemplate (消息模板): subject and body per message kind with {{variables}};
 * a live 预览 with sample values (plain text for SMS and robots, the e-mail's HTML); a variable the
 * kind does not offer is flagged here and refused by the server on save.
 */
export default function NotifyTemplatePage() {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [kind, setKind] = useState<MessageKind>('task');
  const templates = useQuery({ queryKey: ['notify', 'templates'], queryFn: () => listTemplates().then((r) => r.data) });
  const current = templates.data?.find((t) => t.kind === kind);
  useEffect(() => {
    if (current) form.setFieldsValue({ subject: current.subject, body: current.body });
  }, [form, current]);
  const subject = Form.useWatch('subject', form) ?? '';
  const body = Form.useWatch('body', form) ?? '';
  const unknown = useMemo(() => unknownVariables(kind, subject, body), [kind, subject, body]);
  const refresh = () => void qc.invalidateQueries({ queryKey: ['notify', 'templates'] });

  const save = useMutation({
    mutationFn: (v: Values) => saveTemplate({ kind, ...v }),
    onSuccess: () => {
      message.success('模板已保存');
      refresh();
    },
  });
  const reset = useMutation({
    mutationFn: () => resetTemplate(kind),
    onSuccess: () => {
      message.success('已恢复默认模板');
      refresh();
    },
  });

  return (
    <div className={s.page}>
      <Row gutter={16} wrap={false}>
        <Col flex="360px">
          <Card title="消息类型">
            <Table<NotifyTemplate>
              rowKey="kind"
              size="middle"
              pagination={false}
              loading={templates.isPending}
              dataSource={templates.data ?? []}
              rowSelection={{
                type: 'radio',
                selectedRowKeys: [kind],
                onChange: (keys) => setKind(keys[0] as MessageKind),
              }}
              onRow={(r) => ({ onClick: () => setKind(r.kind) })}
              columns={[
                { title: '类型', dataIndex: 'kind', render: (k: MessageKind) => MESSAGE_KIND_LABELS[k] },
                {
                  title: '模板',
                  dataIndex: 'custom',
                  render: (c: boolean) => (c ? <Tag color="blue">已自定义</Tag> : <Tag>默认</Tag>),
                },
              ]}
            />
          </Card>
        </Col>
        <Col flex="auto" style={{ minWidth: 0 }}>
          <Card title={`${MESSAGE_KIND_LABELS[kind]}消息模板`} loading={templates.isPending}>
            <Form<Values> form={form} layout="vertical" onFinish={(v) => save.mutate(v)}>
              <Form.Item name="subject" label="标题（邮件主题）" rules={[{ required: true, message: '请输入标题' }]}>
                <TextInput maxLength={TEMPLATE_LIMITS.subject} />
              </Form.Item>
              <Form.Item name="body" label="正文" rules={[{ required: true, message: '请输入正文' }]}>
                <TextArea rows={7} maxLength={TEMPLATE_LIMITS.body} showCount />
              </Form.Item>
              <Form.Item label="可用变量">
                <Space wrap>
                  {(current?.variables ?? []).map((v) => (
                    <Tag key={v}>
                      <Typography.Text code>{`{{${v}}}`}</Typography.Text> {VARIABLE_LABELS[v] ?? v}
                    </Tag>
                  ))}
                </Space>
              </Form.Item>
              {unknown.length > 0 && (
                <Alert
                  type="warning"
                  showIcon
                  style={{ marginBottom: 16 }}
                  title={`该类消息不提供这些变量，保存时将被拒绝：${unknown.map((v) => `{{${v}}}`).join('、')}`}
                />
              )}
              <Space>
                <Button type="primary" htmlType="submit" loading={save.isPending}>
                  保存
                </Button>
                <Popconfirm title="恢复为系统默认模板？" onConfirm={() => reset.mutate()} disabled={!current?.custom}>
                  <Button disabled={!current?.custom} loading={reset.isPending}>
                    恢复默认
                  </Button>
                </Popconfirm>
              </Space>
            </Form>
          </Card>
          <Card title="预览（示例数据）" style={{ marginTop: 16 }}>
            <Row gutter={16}>
              <Col span={12}>
                <Typography.Title level={5}>短信 / 企业微信 / 钉钉</Typography.Title>
                <div className={s.preview}>
                  <strong>{renderText(subject, SAMPLE_VARIABLES)}</strong>
                  {'\n'}
                  {renderText(body, SAMPLE_VARIABLES)}
                </div>
              </Col>
              <Col span={12}>
                <Typography.Title level={5}>电子邮件</Typography.Title>
                <div className={s.preview}>
                  <div>
                    <Typography.Text type="secondary">主题：</Typography.Text>
                    {renderText(subject, SAMPLE_VARIABLES)}
                  </div>
                  {/* renderHtml escapes the template and every value: only its own <a>/<br>/<div> remain. */}
                  <div dangerouslySetInnerHTML={{ __html: renderHtml(body, SAMPLE_VARIABLES) }} />
                </div>
              </Col>
            </Row>
          </Card>
        </Col>
      </Row>
    </div>
  );
}
