import { useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Descriptions, Form, Select, Skeleton, Steps, Upload, type UploadFile } from 'antd';
import { getMyData, submitCorrection, uploadEvidence } from '../../api';
import type { Evidence, MyDataView } from '../../contract';
import { RECORD_PAGE } from '../components/labels';
import { TextArea, TextInput } from '@/core/ui/text-input';

interface Choice {
  key: string;
  tableCode: string;
  rowId: number;
  field: string;
  label: string;
  value: string | null;
  masked: boolean;
}

/** Every value I may ask to correct (correctable, none pending). */
export function correctableChoices(v: MyDataView | undefined): Choice[] {
  if (!v) return [];
  return v.groups.flatMap((g) =>
    g.rows.flatMap((r, i) =>
      r.values
        .filter((x) => x.correctable && !x.pending)
        .map((x) => ({
          key: `${g.tableCode}|${r.rowId}|${x.name}`,
          tableCode: g.tableCode,
          rowId: r.rowId,
          field: x.name,
          label: `${g.title}${g.rows.length > 1 ? ` 第${i + 1}条` : ''} · ${x.label}`,
          value: x.value,
          masked: x.masked,
        })),
    ),
  );
}

/** /web/oneTablePlatform/errorCorrectionPage: pick a value, propose the right one with a reason and evidence. */
export default function ErrorCorrectionPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const { message } = App.useApp();
  const data = useQuery({ queryKey: ['oneTable', 'myData'], queryFn: () => getMyData().then((r) => r.data) });
  const choices = useMemo(() => correctableChoices(data.data), [data.data]);
  const initial = `${params.get('table') ?? ''}|${params.get('row') ?? ''}|${params.get('field') ?? ''}`;
  const [picked, setPicked] = useState<string | undefined>();
  const key = picked ?? (choices.some((c) => c.key === initial) ? initial : undefined);
  const choice = choices.find((c) => c.key === key);
  const [files, setFiles] = useState<UploadFile<Evidence>[]>([]);
  const [form] = Form.useForm<{ newValue: string; reason: string }>();
  const submit = useMutation({
    mutationFn: (v: { newValue: string; reason: string }) =>
      submitCorrection({
        tableCode: choice!.tableCode,
        rowId: choice!.rowId,
        field: choice!.field,
        newValue: v.newValue,
        reason: v.reason,
        evidence: files.map((f) => f.response?.id).filter((x): x is string => !!x),
      }),
    onSuccess: (r) => {
      void message.success(r.message || '已提交');
      void qc.invalidateQueries({ queryKey: ['oneTable'] });
      navigate(RECORD_PAGE);
    },
  });
  return (
    <Card title="数据纠错">
      <Steps
        size="small"
        current={choice ? 1 : 0}
        style={{ maxWidth: 760, marginBottom: 24 }}
        items={[
          { title: '选择数据项' },
          { title: '填写正确值与理由' },
          { title: '负责部门审核' },
          { title: '写回数据表' },
        ]}
      />
      {data.isPending ? (
        <Skeleton active />
      ) : (
        <Form form={form} layout="vertical" style={{ maxWidth: 640 }} onFinish={(v) => submit.mutate(v)}>
          <Form.Item label="数据项" required>
            <Select
              showSearch
              optionFilterProp="label"
              placeholder="选择要纠正的数据项"
              aria-label="数据项"
              value={key}
              onChange={setPicked}
              options={choices.map((c) => ({ value: c.key, label: c.label }))}
              notFoundContent="没有可纠错的数据项"
            />
          </Form.Item>
          {choice && (
            <Descriptions size="small" bordered column={1} style={{ marginBottom: 16 }}>
              <Descriptions.Item label="当前值">
                {choice.masked ? '******（敏感信息）' : choice.value || '—'}
              </Descriptions.Item>
            </Descriptions>
          )}
          <Form.Item
            name="newValue"
            label="正确值"
            rules={[{ required: true, whitespace: true, message: '请填写正确值' }, { max: 500 }]}
          >
            <TextInput placeholder="填写正确的值" disabled={!choice} />
          </Form.Item>
          <Form.Item
            name="reason"
            label="纠错理由"
            rules={[
              { required: true, whitespace: true, min: 2, message: '请填写纠错理由（至少 2 个字）' },
              { max: 500 },
            ]}
          >
            <TextArea rows={3} placeholder="说明错误原因，便于负责部门核实" disabled={!choice} />
          </Form.Item>
          <Form.Item label="证明材料（图片或 PDF，最多 5 个）">
            <Upload<Evidence>
              accept=".png,.jpg,.jpeg,.gif,.webp,.pdf"
              listType="picture"
              maxCount={5}
              fileList={files}
              onChange={({ fileList }) => setFiles(fileList)}
              customRequest={({ file, onSuccess, onError }) => {
                uploadEvidence(file as File)
                  .then((r) => onSuccess?.(r.data))
                  .catch((e: Error) => onError?.(e));
              }}
            >
              <Button disabled={!choice}>上传证明材料</Button>
            </Upload>
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={submit.isPending} disabled={!choice}>
            提交纠错申请
          </Button>
        </Form>
      )}
    </Card>
  );
}
