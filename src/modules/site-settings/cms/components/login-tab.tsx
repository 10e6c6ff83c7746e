import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Select, Skeleton, Space } from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { toast } from '@/core/ui/toast';
import { getLoginConfig } from '@/modules/org-config/api';
import { saveLoginConfig } from '@/modules/site-settings/api';
import type { SaveLoginBody } from '@/modules/site-settings/contract';
import { ImageField } from './image-field';
import { TextInput } from '@/core/ui/text-input';

const HTTP_URL = /^(https?:\/\/\S+)?$/;

/** 登录页: background picture, browser notes, filing numbers, copyright. */
export function LoginTab() {
  const [form] = Form.useForm<SaveLoginBody>();
  const qc = useQueryClient();
  const q = useQuery({ queryKey: ['site-settings', 'login'], queryFn: () => getLoginConfig().then((r) => r.data) });
  useEffect(() => {
    if (q.data) form.setFieldsValue(q.data);
  }, [q.data, form]);
  const save = useMutation({
    mutationFn: (v: SaveLoginBody) =>
      saveLoginConfig({
        ...v,
        browsers: v.browsers ?? [],
        filings: v.filings ?? [],
        copyright: v.copyright ?? '',
        resolution: v.resolution ?? '',
      }).then((r) => r.data),
    onSuccess: (login) => {
      qc.setQueryData(['site-settings', 'login'], login);
      toast.success('登录页设置已保存');
    },
  });
  if (q.isPending) return <Skeleton active />;
  return (
    <Form
      name="login-tab"
      form={form}
      labelCol={{ span: 4 }}
      wrapperCol={{ span: 16 }}
      onFinish={(v) => save.mutate(v)}
    >
      <Form.Item
        label="登录页背景"
        name="picture"
        rules={[{ required: true, message: '请上传登录页背景图' }]}
        extra="建议 1920×1080，不超过 5 MB"
      >
        <ImageField purpose="login" label="背景图" previewHeight={135} />
      </Form.Item>
      <Form.Item
        label="推荐浏览器"
        name="browsers"
        extra="输入后回车添加，最多 10 项"
        rules={[{ type: 'array', max: 10, message: '最多 10 项' }]}
      >
        <Select mode="tags" open={false} tokenSeparators={[',', '，']} placeholder="如：Chrome 100 及以上" />
      </Form.Item>
      <Form.Item label="推荐分辨率" name="resolution" rules={[{ max: 40, message: '不能超过 40 个字符' }]}>
        <TextInput placeholder="1920*1080" />
      </Form.Item>
      <Form.Item label="备案信息">
        <Form.List name="filings">
          {(fields, { add, remove }) => (
            <>
              {fields.map((f) => (
                <Space key={f.key} align="baseline" style={{ display: 'flex' }}>
                  <Form.Item
                    name={[f.name, 'text']}
                    rules={[
                      { required: true, whitespace: true, message: '请输入备案号' },
                      { max: 80, message: '不能超过 80 个字' },
                    ]}
                  >
                    <TextInput placeholder="备案号，如：京ICP备00000000号" style={{ width: 320 }} />
                  </Form.Item>
                  <Form.Item
                    name={[f.name, 'url']}
                    initialValue=""
                    rules={[{ pattern: HTTP_URL, message: '链接须以 http:// 或 https:// 开头' }]}
                  >
                    <TextInput placeholder="链接（可不填）https://beian.miit.gov.cn/" style={{ width: 320 }} />
                  </Form.Item>
                  <Button
                    type="text"
                    danger
                    icon={<MinusCircleOutlined />}
                    aria-label="删除备案"
                    onClick={() => remove(f.name)}
                  />
                </Space>
              ))}
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                onClick={() => add({ text: '', url: '' })}
                disabled={fields.length >= 10}
              >
                添加备案
              </Button>
            </>
          )}
        </Form.List>
      </Form.Item>
      <Form.Item label="版权信息" name="copyright" rules={[{ max: 200, message: '不能超过 200 个字' }]}>
        <TextInput placeholder="如：© 2026 华夏理工大学 版权所有" />
      </Form.Item>
      <Form.Item wrapperCol={{ offset: 4 }}>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          保存
        </Button>
      </Form.Item>
    </Form>
  );
}
