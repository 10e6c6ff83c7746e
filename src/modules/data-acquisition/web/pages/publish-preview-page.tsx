import { useNavigate, useSearchParams } from 'react-router-dom';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, Col, Descriptions, Result, Row, Skeleton, Space, Table } from 'antd';
import { FormRenderer } from '@/modules/forms/ui-web';
import { previewTask, publishTask } from '../../api';
import type { PersonOption } from '../../contract';
import { paths } from '../paths';

/** /web/dataAcquisition/publishPreview?id=: what fillers will see and who gets it, then publish. */
export default function PublishPreviewPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || null;
  const navigate = useNavigate();
  const { message } = App.useApp();
  const preview = useQuery({
    queryKey: ['acquisition', 'preview', id],
    queryFn: () => previewTask(id!).then((r) => r.data),
    enabled: !!id,
    retry: false,
  });
  const publish = useMutation({
    mutationFn: () => publishTask(id!),
    onSuccess: (r) => {
      message.success(`发布成功：${r.data.people} 人、${r.data.records} 条记录`);
      navigate(paths.progress(id!));
    },
  });
  if (!id) return <Result status="404" title="请从任务管理进入" />;
  const p = preview.data;
  if (!p) return preview.isError ? <Result status="warning" title="无法预览该任务" /> : <Skeleton active />;
  return (
    <Card
      title="发布预览"
      extra={
        <Space>
          <Button onClick={() => navigate(paths.create(id))}>返回修改</Button>
          <Button
            type="primary"
            disabled={p.problems.length > 0}
            loading={publish.isPending}
            onClick={() => publish.mutate()}
          >
            确认发布
          </Button>
        </Space>
      }
    >
      {p.problems.length > 0 && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title="发布前请先处理"
          description={p.problems.join('；')}
        />
      )}
      <Descriptions
        size="small"
        column={3}
        style={{ marginBottom: 16 }}
        items={[
          { key: 'f', label: '表单', children: `${p.formName}（第 ${p.formVersion} 版）` },
          { key: 'p', label: '填报人数', children: p.people },
          { key: 'r', label: '记录数', children: p.records },
          { key: 't', label: '目标数据表', children: p.tableName ?? '（不入库）' },
          { key: 'a', label: '审批流程', children: p.processName ?? '无需审批' },
        ]}
      />
      <Row gutter={24}>
        <Col span={15}>
          <Card size="small" title="填报人看到的表单">
            <FormRenderer schema={p.schema} values={{}} mode="fill" onChange={() => undefined} />
          </Card>
        </Col>
        <Col span={9}>
          <Table<PersonOption>
            title={() => `填报人（前 ${p.sample.length} 位，共 ${p.people} 位）`}
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={p.sample}
            columns={[
              { title: '姓名', dataIndex: 'name' },
              { title: '学工号', dataIndex: 'userNo' },
              { title: '部门', dataIndex: 'department' },
            ]}
          />
        </Col>
      </Row>
    </Card>
  );
}
