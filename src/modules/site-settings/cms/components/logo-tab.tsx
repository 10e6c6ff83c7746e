import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Skeleton } from 'antd';
import { useSession } from '@/core/session/store';
import { toast } from '@/core/ui/toast';
import { getCommonConfig } from '@/modules/org-config/api';
import { saveLogoConfig } from '@/modules/site-settings/api';
import { TITLE_MAX, type SaveLogoBody } from '@/modules/site-settings/contract';
import { ImageField } from './image-field';
import { TextInput } from '@/core/ui/text-input';

const titleRules = (label: string) => [
  { required: true, whitespace: true, message: `请输入${label}` },
  { max: TITLE_MAX, message: `${label}不能超过 ${TITLE_MAX} 个字` },
];

/** 标志与标题: icon, logo, the back office's title and font, the front end's title. */
export function LogoTab() {
  const [form] = Form.useForm<SaveLogoBody>();
  const qc = useQueryClient();
  const q = useQuery({ queryKey: ['site-settings', 'logo'], queryFn: () => getCommonConfig().then((r) => r.data) });
  useEffect(() => {
    if (q.data) form.setFieldsValue(q.data);
  }, [q.data, form]);
  const save = useMutation({
    mutationFn: (v: SaveLogoBody) => saveLogoConfig(v).then((r) => r.data),
    onSuccess: (logo) => {
      // The shell's title and logo follow at once (a chosen platform keeps its own front title).
      if (!useSession.getState().platform) useSession.getState().setLogoConfig(logo);
      qc.setQueryData(['site-settings', 'logo'], logo);
      toast.success('标志与标题已保存');
    },
  });
  if (q.isPending) return <Skeleton active />;
  return (
    <Form
      name="logo-tab"
      form={form}
      layout="horizontal"
      labelCol={{ span: 4 }}
      wrapperCol={{ span: 14 }}
      onFinish={(v) => save.mutate(v)}
    >
      <Form.Item
        label="网站图标"
        name="icon"
        rules={[{ required: true, message: '请上传网站图标' }]}
        extra="浏览器标签页上的小图标，建议 64×64 的 PNG，不超过 2 MB"
      >
        <ImageField purpose="logo" label="图标" previewHeight={32} />
      </Form.Item>
      <Form.Item
        label="学校标志"
        name="logo"
        rules={[{ required: true, message: '请上传学校标志' }]}
        extra="页头左侧的标志，建议透明背景 PNG，不超过 2 MB"
      >
        <ImageField purpose="logo" label="标志" />
      </Form.Item>
      <Form.Item label="前台标题" name={['front', 'title']} rules={titleRules('前台标题')}>
        <TextInput maxLength={TITLE_MAX} showCount placeholder="如：华夏理工大学综合服务平台" />
      </Form.Item>
      <Form.Item label="后台标题" name={['backend', 'title']} rules={titleRules('后台标题')}>
        <TextInput maxLength={TITLE_MAX} showCount placeholder="如：华夏理工大学综合服务平台管理后台" />
      </Form.Item>
      <Form.Item
        label="后台标题字体"
        name={['backend', 'font']}
        rules={[{ max: 200, message: '字体不能超过 200 个字符' }]}
        extra="填写电脑上已安装的字体名称，可写多个、用逗号分隔，前面的优先；留空使用默认字体"
      >
        <TextInput placeholder="如：微软雅黑, 苹方, 黑体" />
      </Form.Item>
      <Form.Item noStyle shouldUpdate>
        {() => (
          <Form.Item label="后台标题预览">
            <span
              style={{
                fontFamily: form.getFieldValue(['backend', 'font']) || undefined,
                fontSize: 20,
                fontWeight: 600,
              }}
            >
              {form.getFieldValue(['backend', 'title'])}
            </span>
          </Form.Item>
        )}
      </Form.Item>
      <Form.Item wrapperCol={{ offset: 4 }}>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          保存
        </Button>
      </Form.Item>
    </Form>
  );
}
