import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  App,
  Button,
  Checkbox,
  Col,
  Drawer,
  Form,
  Row,
  Select,
  Skeleton,
  Space,
  Switch,
  Tabs,
  Upload,
  type FormInstance,
} from 'antd';
import { DeleteOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { listForms } from '@/modules/forms/api';
import { LazyRichText, StepsField, uploadImageUrl } from './form-parts';
import { adminItem, fetchProcesses, fetchRuleOptions, saveItem, uploadServiceFile } from '../../api';
import {
  AUDIENCE_LABELS,
  MODE_LABELS,
  SERVICE_HALL_LIMITS,
  THEMES,
  type Audience,
  type HandlingMode,
  type ItemSaveBody,
} from '../../contract';
import { TextArea, TextInput } from '@/core/ui/text-input';

const EMPTY: ItemSaveBody = {
  name: '',
  summary: '',
  departmentId: 0,
  theme: '其他',
  audiences: ['student'],
  modes: ['online'],
  conditions: '',
  materials: [],
  steps: [],
  timeLimit: '',
  fees: '不收费',
  legalBasis: '',
  contact: '',
  faq: '',
  windows: [],
  openingHours: '',
  mapUploadId: null,
  bring: '',
  formId: null,
  processId: null,
  issuesPermit: false,
  permitTitle: null,
};

/** One uploaded file's id in a form field, with an upload button that shows its name. */
function FileField({
  value,
  onChange,
  kind,
  label,
  name,
  onName,
}: {
  value?: string | null;
  onChange?: (v: string | null) => void;
  kind: 'template' | 'image';
  label: string;
  name?: string;
  onName?: (n: string) => void;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <Space>
      <Upload
        showUploadList={false}
        accept={kind === 'image' ? 'image/png,image/jpeg,image/webp,image/gif' : '.pdf,.docx,.xlsx,.zip'}
        customRequest={({ file }) => {
          setBusy(true);
          uploadServiceFile(kind, file as File)
            .then((r) => {
              onChange?.(r.data.id);
              onName?.(r.data.name);
            })
            .catch(() => undefined)
            .finally(() => setBusy(false));
        }}
      >
        <Button size="small" icon={<UploadOutlined />} loading={busy}>
          {label}
        </Button>
      </Upload>
      {value && (
        <>
          <a href={`/resource/api/v1.file/${value}`} target="_blank" rel="noreferrer">
            {name || '已上传'}
          </a>
          <Button size="small" type="link" danger onClick={() => onChange?.(null)}>
            移除
          </Button>
        </>
      )}
    </Space>
  );
}

function BindingFields({ form }: { form: FormInstance<ItemSaveBody> }) {
  const formId = Form.useWatch('formId', form);
  const forms = useQuery({
    queryKey: ['service-hall', 'bindable-forms'],
    queryFn: () => listForms({ page: 1, pageSize: 200, status: 'published' }).then((r) => r.data.list),
  });
  const processes = useQuery({
    queryKey: ['service-hall', 'processes', formId],
    queryFn: () => fetchProcesses(formId!).then((r) => r.data),
    enabled: !!formId,
  });
  const issues = Form.useWatch('issuesPermit', form);
  return (
    <>
      <Form.Item name="formId" label="申请表单" extra="在线办理时打开的表单（已发布的表单）">
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          placeholder="选择表单"
          loading={forms.isPending}
          options={forms.data?.map((f) => ({ value: f.id, label: f.name }))}
          onChange={() => form.setFieldValue('processId', null)}
        />
      </Form.Item>
      <Form.Item name="processId" label="审批流程" extra="提交表单后启动的流程（该表单已发布的流程）">
        <Select
          allowClear
          disabled={!formId}
          placeholder={formId ? '选择流程' : '请先选择表单'}
          loading={processes.isFetching}
          options={processes.data?.map((p) => ({ value: p.id, label: p.name }))}
        />
      </Form.Item>
      <Form.Item name="issuesPermit" label="发放电子证照" valuePropName="checked">
        <Switch />
      </Form.Item>
      {issues && (
        <Form.Item name="permitTitle" label="证照名称" rules={[{ required: true, message: '请填写证照名称' }]}>
          <TextInput maxLength={60} placeholder="如：在读证明" />
        </Form.Item>
      )}
    </>
  );
}

/**
 * Create or edit a service item: basics, guide (rich text), materials with templates, steps,
 * offline windows and map, bound form and process. The server checks everything again.
 */
export function ItemEditorDrawer({
  itemId,
  open,
  onClose,
  onSaved,
}: {
  /** null: a new item. */
  itemId: number | null;
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<ItemSaveBody>();
  const [saving, setSaving] = useState(false);
  const options = useQuery({
    queryKey: ['service-hall', 'rule-options'],
    queryFn: () => fetchRuleOptions().then((r) => r.data),
  });
  const detail = useQuery({
    queryKey: ['service-hall', 'admin-item', itemId],
    queryFn: () => adminItem(itemId!).then((r) => r.data),
    enabled: open && itemId !== null,
  });
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(itemId === null ? EMPTY : (detail.data ?? {}));
  }, [open, itemId, detail.data, form]);

  const submit = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      await saveItem({
        ...EMPTY,
        ...v,
        ...(itemId ? { id: itemId } : {}),
        formId: v.formId ?? null,
        processId: v.processId ?? null,
        mapUploadId: v.mapUploadId ?? null,
        permitTitle: v.issuesPermit ? (v.permitTitle ?? null) : null,
        materials: (v.materials ?? []).map((m) => ({
          ...m,
          copies: m.copies ?? '',
          note: m.note ?? '',
          required: !!m.required,
          templateId: m.templateId ?? null,
          templateName: m.templateName ?? '',
        })),
        steps: (v.steps ?? []).map((st) => ({ title: st.title, description: st.description ?? '' })),
        windows: (v.windows ?? []).map((w) => ({
          ...w,
          address: w.address ?? '',
          hours: w.hours ?? '',
          phone: w.phone ?? '',
        })),
      });
      message.success('保存成功');
      onSaved();
    } catch {
      // The request layer toasts the server's message.
    } finally {
      setSaving(false);
    }
  };

  const loading = itemId !== null && detail.isPending;
  return (
    <Drawer
      title={itemId === null ? '新建事项' : '编辑事项'}
      open={open}
      onClose={onClose}
      size={960}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" loading={saving} onClick={() => void submit()}>
            保存
          </Button>
        </Space>
      }
    >
      {loading ? (
        <Skeleton active paragraph={{ rows: 12 }} />
      ) : (
        <Form form={form} layout="vertical" initialValues={EMPTY}>
          <Tabs
            items={[
              {
                key: 'basic',
                label: '基本信息',
                forceRender: true,
                children: (
                  <>
                    <Row gutter={16}>
                      <Col span={12}>
                        <Form.Item
                          name="name"
                          label="事项名称"
                          rules={[{ required: true, whitespace: true, message: '请填写事项名称' }]}
                        >
                          <TextInput maxLength={SERVICE_HALL_LIMITS.name} showCount />
                        </Form.Item>
                      </Col>
                      <Col span={12}>
                        <Form.Item
                          name="departmentId"
                          label="受理部门"
                          rules={[{ required: true, type: 'number', min: 1, message: '请选择受理部门' }]}
                        >
                          <Select
                            showSearch
                            optionFilterProp="label"
                            loading={options.isPending}
                            options={options.data?.departments.map((d) => ({ value: d.id, label: d.name }))}
                          />
                        </Form.Item>
                      </Col>
                    </Row>
                    <Form.Item name="summary" label="简介">
                      <TextArea maxLength={SERVICE_HALL_LIMITS.summary} showCount rows={2} />
                    </Form.Item>
                    <Row gutter={16}>
                      <Col span={8}>
                        <Form.Item name="theme" label="主题">
                          <Select options={THEMES.map((t) => ({ value: t, label: t }))} />
                        </Form.Item>
                      </Col>
                      <Col span={8}>
                        <Form.Item name="audiences" label="服务对象">
                          <Checkbox.Group
                            options={(Object.keys(AUDIENCE_LABELS) as Audience[]).map((a) => ({
                              value: a,
                              label: AUDIENCE_LABELS[a],
                            }))}
                          />
                        </Form.Item>
                      </Col>
                      <Col span={8}>
                        <Form.Item name="modes" label="办理方式">
                          <Checkbox.Group
                            options={(Object.keys(MODE_LABELS) as HandlingMode[]).map((m) => ({
                              value: m,
                              label: MODE_LABELS[m],
                            }))}
                          />
                        </Form.Item>
                      </Col>
                    </Row>
                    <Row gutter={16}>
                      <Col span={8}>
                        <Form.Item name="timeLimit" label="办理时限">
                          <TextInput maxLength={100} placeholder="如：5 个工作日" />
                        </Form.Item>
                      </Col>
                      <Col span={8}>
                        <Form.Item name="fees" label="收费标准">
                          <TextInput maxLength={200} />
                        </Form.Item>
                      </Col>
                      <Col span={8}>
                        <Form.Item name="contact" label="咨询方式">
                          <TextInput maxLength={300} placeholder="部门 电话" />
                        </Form.Item>
                      </Col>
                    </Row>
                    <BindingFields form={form} />
                  </>
                ),
              },
              {
                key: 'guide',
                label: '办事指南',
                forceRender: true,
                children: (
                  <>
                    <Form.Item name="conditions" label="办理条件">
                      <LazyRichText onUploadImage={uploadImageUrl} />
                    </Form.Item>
                    <Form.Item label="申请材料">
                      <Form.List name="materials">
                        {(fields, { add, remove }) => (
                          <>
                            {fields.map((f) => (
                              <Space key={f.key} align="baseline" wrap style={{ display: 'flex', marginBottom: 8 }}>
                                <Form.Item
                                  name={[f.name, 'name']}
                                  rules={[{ required: true, message: '材料名称' }]}
                                  noStyle
                                >
                                  <TextInput placeholder="材料名称" style={{ width: 200 }} maxLength={100} />
                                </Form.Item>
                                <Form.Item name={[f.name, 'copies']} noStyle>
                                  <TextInput placeholder="份数" style={{ width: 110 }} maxLength={40} />
                                </Form.Item>
                                <Form.Item name={[f.name, 'note']} noStyle>
                                  <TextInput placeholder="说明" style={{ width: 180 }} maxLength={300} />
                                </Form.Item>
                                <Form.Item name={[f.name, 'required']} valuePropName="checked" noStyle>
                                  <Checkbox>必需</Checkbox>
                                </Form.Item>
                                <Form.Item name={[f.name, 'templateName']} hidden>
                                  <TextInput />
                                </Form.Item>
                                <Form.Item name={[f.name, 'templateId']} noStyle>
                                  <FileField
                                    kind="template"
                                    label="模板"
                                    name={form.getFieldValue(['materials', f.name, 'templateName']) as string}
                                    onName={(n) => form.setFieldValue(['materials', f.name, 'templateName'], n)}
                                  />
                                </Form.Item>
                                <Button
                                  type="text"
                                  danger
                                  icon={<DeleteOutlined />}
                                  aria-label="删除材料"
                                  onClick={() => remove(f.name)}
                                />
                              </Space>
                            ))}
                            <Button
                              icon={<PlusOutlined />}
                              disabled={fields.length >= SERVICE_HALL_LIMITS.materials}
                              onClick={() =>
                                add({
                                  name: '',
                                  required: true,
                                  copies: '原件 1 份',
                                  note: '',
                                  templateId: null,
                                  templateName: '',
                                })
                              }
                            >
                              添加材料
                            </Button>
                          </>
                        )}
                      </Form.List>
                    </Form.Item>
                    <StepsField label="办理流程" />
                    <Form.Item name="legalBasis" label="设定依据">
                      <LazyRichText onUploadImage={uploadImageUrl} minHeight={100} />
                    </Form.Item>
                    <Form.Item name="faq" label="常见问题">
                      <LazyRichText onUploadImage={uploadImageUrl} />
                    </Form.Item>
                  </>
                ),
              },
              {
                key: 'offline',
                label: '线下办理',
                forceRender: true,
                children: (
                  <>
                    <Form.Item label="办理窗口">
                      <Form.List name="windows">
                        {(fields, { add, remove }) => (
                          <>
                            {fields.map((f) => (
                              <Space key={f.key} align="baseline" wrap style={{ display: 'flex', marginBottom: 8 }}>
                                <Form.Item
                                  name={[f.name, 'name']}
                                  rules={[{ required: true, message: '窗口名称' }]}
                                  noStyle
                                >
                                  <TextInput placeholder="窗口名称" style={{ width: 180 }} maxLength={60} />
                                </Form.Item>
                                <Form.Item name={[f.name, 'address']} noStyle>
                                  <TextInput placeholder="地址" style={{ width: 260 }} maxLength={200} />
                                </Form.Item>
                                <Form.Item name={[f.name, 'hours']} noStyle>
                                  <TextInput placeholder="办公时间" style={{ width: 200 }} maxLength={100} />
                                </Form.Item>
                                <Form.Item name={[f.name, 'phone']} noStyle>
                                  <TextInput placeholder="电话" style={{ width: 140 }} maxLength={40} />
                                </Form.Item>
                                <Button
                                  type="text"
                                  danger
                                  icon={<DeleteOutlined />}
                                  aria-label="删除窗口"
                                  onClick={() => remove(f.name)}
                                />
                              </Space>
                            ))}
                            <Button
                              icon={<PlusOutlined />}
                              disabled={fields.length >= SERVICE_HALL_LIMITS.windows}
                              onClick={() =>
                                add({ name: '', address: '', hours: '工作日 8:30–11:30，14:00–17:00', phone: '' })
                              }
                            >
                              添加窗口
                            </Button>
                          </>
                        )}
                      </Form.List>
                    </Form.Item>
                    <Form.Item name="openingHours" label="开放时间">
                      <TextInput maxLength={200} />
                    </Form.Item>
                    <Form.Item name="bring" label="携带材料">
                      <TextArea rows={3} maxLength={SERVICE_HALL_LIMITS.text} />
                    </Form.Item>
                    <Form.Item name="mapUploadId" label="位置地图">
                      <FileField kind="image" label="上传地图图片" />
                    </Form.Item>
                  </>
                ),
              },
            ]}
          />
        </Form>
      )}
    </Drawer>
  );
}
