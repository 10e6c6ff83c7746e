import { useEffect, useState } from 'react';
import { Alert, App, Button, Checkbox, Drawer, Form, InputNumber, Radio, Select, Space, Spin, Switch } from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createDataSource, getDataSource, testDataSource, updateDataSource } from '@/modules/data-sources/api';
import {
  DATA_SOURCE_KINDS,
  DATA_SOURCE_KIND_TEXT,
  type DataSourceKind,
  type DataSourceTestResult,
  type HttpPagingMode,
} from '@/modules/data-sources/contract';
import { applyFieldError } from './field-error';
import { PasswordInput, TextArea, TextInput } from '@/core/ui/text-input';

interface FormValues {
  name: string;
  kind: DataSourceKind;
  description?: string;
  secret?: string;
  clearSecret?: boolean;
  config: {
    host?: string;
    port?: number;
    database?: string;
    user?: string;
    schema?: string;
    ssl?: boolean;
    file?: string;
    url?: string;
    rowsPath?: string;
    authHeader?: string;
    authPrefix?: string;
    paging?: {
      mode: HttpPagingMode;
      pageParam?: string;
      sizeParam?: string;
      startPage?: number;
      offsetParam?: string;
      limitParam?: string;
      pageSize?: number;
      nextPath?: string;
    };
  };
  headers?: { name: string; value: string }[];
}

const DEFAULT_PORT: Partial<Record<DataSourceKind, number>> = { postgres: 5432, mysql: 3306 };

/** The settings the server stores for a kind, from the form (empty texts left out). */
function configOf(v: FormValues): Record<string, unknown> {
  const c = v.config ?? {};
  const clean = (o: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(o).filter(([, x]) => x !== undefined && x !== null && x !== ''));
  if (v.kind === 'sqlite') return clean({ file: c.file?.trim() });
  if (v.kind === 'http') {
    const headers = Object.fromEntries(
      (v.headers ?? []).filter((h) => h?.name?.trim()).map((h) => [h.name.trim(), h.value ?? '']),
    );
    return clean({
      url: c.url?.trim(),
      rowsPath: c.rowsPath?.trim(),
      authHeader: c.authHeader?.trim(),
      authPrefix: c.authPrefix,
      headers: Object.keys(headers).length ? headers : undefined,
      paging: c.paging?.mode && c.paging.mode !== 'none' ? clean(c.paging) : undefined,
    });
  }
  return clean({
    host: c.host?.trim(),
    port: c.port,
    database: c.database?.trim(),
    user: c.user?.trim(),
    schema: v.kind === 'postgres' ? c.schema?.trim() : undefined,
    ssl: c.ssl || undefined,
  });
}

/** Create (id null) or edit a data source; 测试连接 tries what the form holds (with the stored secret when none is typed). */
export function SourceDrawer({ id, open, onClose }: { id: number | null; open: boolean; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const client = useQueryClient();
  const editing = id !== null;
  const [tested, setTested] = useState<DataSourceTestResult | null>(null);
  const detail = useQuery({
    queryKey: ['data-sources', 'source', id],
    queryFn: () => getDataSource(id!).then((r) => r.data),
    enabled: open && editing,
  });
  const kind = Form.useWatch('kind', form) ?? 'mysql';
  const pagingMode = Form.useWatch(['config', 'paging', 'mode'], form) ?? 'none';
  const clearSecret = Form.useWatch('clearSecret', form);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    setTested(null);
    if (!editing) {
      form.setFieldsValue({ kind: 'mysql', config: { port: 3306, paging: { mode: 'none' } } });
    } else if (detail.data) {
      const d = detail.data;
      const config = d.config as FormValues['config'] & { headers?: Record<string, string> };
      form.setFieldsValue({
        name: d.name,
        kind: d.kind,
        description: d.description,
        config: { ...config, paging: config.paging ?? { mode: 'none' } },
        headers: Object.entries(config.headers ?? {}).map(([name, value]) => ({ name, value })),
      });
    }
  }, [open, editing, detail.data, form]);

  const save = useMutation({
    mutationFn: (v: FormValues) => {
      const common = { name: v.name.trim(), config: configOf(v), description: v.description ?? '' };
      if (editing)
        return updateDataSource({
          id: id!,
          ...common,
          ...(v.secret ? { secret: v.secret } : {}),
          clearSecret: !!v.clearSecret,
        });
      return createDataSource({ ...common, kind: v.kind, ...(v.secret ? { secret: v.secret } : {}) });
    },
    onSuccess: () => {
      message.success(editing ? '数据源已保存' : '数据源已创建');
      void client.invalidateQueries({ queryKey: ['data-sources'] });
      onClose();
    },
    onError: (e) => applyFieldError(form, e),
  });

  const test = useMutation({
    mutationFn: () => {
      const v = form.getFieldsValue(true) as FormValues;
      return testDataSource({
        ...(editing ? { id: id! } : {}),
        kind: v.kind,
        config: configOf(v),
        ...(v.secret ? { secret: v.secret } : {}),
      });
    },
    onMutate: () => setTested(null),
    onSuccess: (r) => setTested(r.data),
    onError: (e) => applyFieldError(form, e),
  });

  const hasSecret = editing && detail.data?.hasSecret;
  const secretLabel = kind === 'http' ? '令牌' : '密码';

  return (
    <Drawer
      title={editing ? '编辑数据源' : '新建数据源'}
      open={open}
      onClose={onClose}
      size="large"
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>取消</Button>
          <Button loading={test.isPending} onClick={() => test.mutate()}>
            测试连接
          </Button>
          <Button type="primary" loading={save.isPending} onClick={() => form.submit()}>
            保存
          </Button>
        </Space>
      }
    >
      <Spin spinning={editing && detail.isPending}>
        {tested && (
          <Alert
            type="success"
            showIcon
            style={{ marginBottom: 16 }}
            title={`连接成功（${tested.elapsedMs} 毫秒）`}
            description={tested.message}
          />
        )}
        <Form name="source-drawer" form={form} layout="vertical" onFinish={(v) => save.mutate(v)} requiredMark>
          <Form.Item name="name" label="名称" rules={[{ required: true, whitespace: true, message: '请填写名称' }]}>
            <TextInput maxLength={60} placeholder="例如：教务系统" />
          </Form.Item>
          <Form.Item name="kind" label="类型" rules={[{ required: true }]}>
            <Radio.Group
              disabled={editing}
              optionType="button"
              options={DATA_SOURCE_KINDS.map((k) => ({ value: k, label: DATA_SOURCE_KIND_TEXT[k] }))}
              onChange={(e) => {
                const port = DEFAULT_PORT[e.target.value as DataSourceKind];
                if (port) form.setFieldValue(['config', 'port'], port);
                setTested(null);
              }}
            />
          </Form.Item>

          {(kind === 'postgres' || kind === 'mysql') && (
            <>
              <Space.Compact block style={{ gap: 16 }}>
                <Form.Item
                  name={['config', 'host']}
                  label="主机"
                  rules={[{ required: true, message: '请填写主机' }]}
                  style={{ flex: 3 }}
                >
                  <TextInput placeholder="例如：10.1.2.3 或 db.example.edu.cn" maxLength={255} />
                </Form.Item>
                <Form.Item
                  name={['config', 'port']}
                  label="端口"
                  rules={[{ required: true, message: '请填写端口' }]}
                  style={{ flex: 1 }}
                >
                  <InputNumber min={1} max={65535} precision={0} style={{ width: '100%' }} />
                </Form.Item>
              </Space.Compact>
              <Space.Compact block style={{ gap: 16 }}>
                <Form.Item
                  name={['config', 'database']}
                  label="数据库"
                  rules={[{ required: true, message: '请填写数据库名' }]}
                  style={{ flex: 1 }}
                >
                  <TextInput maxLength={128} />
                </Form.Item>
                {kind === 'postgres' && (
                  <Form.Item
                    name={['config', 'schema']}
                    label="模式"
                    style={{ flex: 1 }}
                    extra="列出数据表的模式，默认 public"
                  >
                    <TextInput maxLength={128} placeholder="public" />
                  </Form.Item>
                )}
              </Space.Compact>
              <Form.Item
                name={['config', 'user']}
                label="用户名"
                rules={[{ required: true, message: '请填写用户名' }]}
                extra="建议使用只有查询权限的账号"
              >
                <TextInput maxLength={128} autoComplete="off" />
              </Form.Item>
              <Form.Item name={['config', 'ssl']} label="加密连接（TLS）" valuePropName="checked">
                <Switch />
              </Form.Item>
            </>
          )}

          {kind === 'sqlite' && (
            <Form.Item
              name={['config', 'file']}
              label="文件"
              rules={[{ required: true, message: '请填写文件名' }]}
              extra="数据目录 sources 文件夹中的 SQLite 文件，例如 jiaowu.sqlite；以只读方式打开"
            >
              <TextInput maxLength={255} />
            </Form.Item>
          )}

          {kind === 'http' && (
            <>
              <Form.Item
                name={['config', 'url']}
                label="接口地址"
                rules={[{ required: true, message: '请填写接口地址' }]}
                extra="http:// 或 https://；数据集可在其后追加路径"
              >
                <TextInput maxLength={2000} placeholder="https://api.example.edu.cn/v1" />
              </Form.Item>
              <Form.Item
                name={['config', 'rowsPath']}
                label="数据路径"
                extra="答复中数据数组的位置，用点分隔，例如 data.list；留空表示答复本身就是数组"
              >
                <TextInput maxLength={200} />
              </Form.Item>
              <Space.Compact block style={{ gap: 16 }}>
                <Form.Item name={['config', 'authHeader']} label="令牌请求头" style={{ flex: 1 }}>
                  <TextInput maxLength={100} placeholder="Authorization" />
                </Form.Item>
                <Form.Item name={['config', 'authPrefix']} label="令牌前缀" style={{ flex: 1 }}>
                  <TextInput maxLength={40} placeholder="Bearer " />
                </Form.Item>
              </Space.Compact>
              <Form.Item label="其他请求头">
                <Form.List name="headers">
                  {(items, { add, remove }) => (
                    <>
                      {items.map((item) => (
                        <Space key={item.key} align="baseline" style={{ display: 'flex' }}>
                          <Form.Item name={[item.name, 'name']} rules={[{ required: true, message: '请填写名称' }]}>
                            <TextInput placeholder="名称" maxLength={100} aria-label="请求头名称" />
                          </Form.Item>
                          <Form.Item name={[item.name, 'value']}>
                            <TextInput
                              placeholder="值"
                              maxLength={2000}
                              style={{ width: 320 }}
                              aria-label="请求头的值"
                            />
                          </Form.Item>
                          <MinusCircleOutlined aria-label="删除请求头" onClick={() => remove(item.name)} />
                        </Space>
                      ))}
                      <Button
                        type="dashed"
                        icon={<PlusOutlined />}
                        onClick={() => add({ name: '', value: '' })}
                        disabled={items.length >= 30}
                      >
                        添加请求头
                      </Button>
                    </>
                  )}
                </Form.List>
              </Form.Item>
              <Form.Item name={['config', 'paging', 'mode']} label="分页方式">
                <Select
                  options={[
                    { value: 'none', label: '不分页' },
                    { value: 'page', label: '页码 + 每页条数' },
                    { value: 'offset', label: '偏移量 + 条数' },
                    { value: 'next', label: '下一页链接' },
                  ]}
                />
              </Form.Item>
              {pagingMode === 'page' && (
                <Space.Compact block style={{ gap: 16 }}>
                  <Form.Item name={['config', 'paging', 'pageParam']} label="页码参数" style={{ flex: 1 }}>
                    <TextInput placeholder="page" maxLength={60} />
                  </Form.Item>
                  <Form.Item name={['config', 'paging', 'sizeParam']} label="条数参数" style={{ flex: 1 }}>
                    <TextInput placeholder="pageSize" maxLength={60} />
                  </Form.Item>
                  <Form.Item name={['config', 'paging', 'startPage']} label="起始页码" style={{ flex: 1 }}>
                    <Select
                      options={[
                        { value: 1, label: '1' },
                        { value: 0, label: '0' },
                      ]}
                      placeholder="1"
                    />
                  </Form.Item>
                </Space.Compact>
              )}
              {pagingMode === 'offset' && (
                <Space.Compact block style={{ gap: 16 }}>
                  <Form.Item name={['config', 'paging', 'offsetParam']} label="偏移量参数" style={{ flex: 1 }}>
                    <TextInput placeholder="offset" maxLength={60} />
                  </Form.Item>
                  <Form.Item name={['config', 'paging', 'limitParam']} label="条数参数" style={{ flex: 1 }}>
                    <TextInput placeholder="limit" maxLength={60} />
                  </Form.Item>
                </Space.Compact>
              )}
              {(pagingMode === 'page' || pagingMode === 'offset') && (
                <Form.Item name={['config', 'paging', 'pageSize']} label="每页条数">
                  <InputNumber min={1} max={10000} precision={0} placeholder="100" />
                </Form.Item>
              )}
              {pagingMode === 'next' && (
                <Form.Item
                  name={['config', 'paging', 'nextPath']}
                  label="下一页链接路径"
                  rules={[{ required: true, message: '请填写下一页链接的路径' }]}
                  extra="答复中下一页地址的位置，例如 links.next；为空时结束（只跟随同一站点的链接）"
                >
                  <TextInput maxLength={200} />
                </Form.Item>
              )}
            </>
          )}

          {kind !== 'sqlite' && (
            <>
              <Form.Item
                name="secret"
                label={secretLabel}
                extra={
                  hasSecret
                    ? `已设置${secretLabel}，留空则保持不变（修改地址或账号时须重新填写）；${secretLabel}加密保存，不会再显示`
                    : `${secretLabel}加密保存，不会再显示`
                }
              >
                <PasswordInput
                  maxLength={4000}
                  autoComplete="new-password"
                  disabled={!!clearSecret}
                  placeholder={hasSecret ? '已设置' : ''}
                />
              </Form.Item>
              {hasSecret && (
                <Form.Item name="clearSecret" valuePropName="checked">
                  <Checkbox>清除已保存的{secretLabel}</Checkbox>
                </Form.Item>
              )}
            </>
          )}
          <Form.Item name="description" label="说明">
            <TextArea maxLength={500} rows={3} />
          </Form.Item>
        </Form>
      </Spin>
    </Drawer>
  );
}
