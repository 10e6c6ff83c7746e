import { useEffect } from 'react';
import { App, Form, InputNumber, Modal } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { TextInput } from '@/core/ui/text-input';
import { saveHelpCategory } from '@/modules/content/api';
import { CONTENT_LIMITS, type HelpCategory } from '@/modules/content/contract';

/** Add or rename a help category (name unique, order ascending). */
export function HelpCategoryModal(props: {
  open: boolean;
  category: HelpCategory | null;
  onClose: () => void;
  onSaved: (id: number) => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ name: string; sort: number }>();
  useEffect(() => {
    if (props.open) form.setFieldsValue({ name: props.category?.name ?? '', sort: props.category?.sort ?? 0 });
  }, [props.open, props.category, form]);

  const save = useMutation({
    mutationFn: (v: { name: string; sort: number }) =>
      saveHelpCategory({
        ...(props.category ? { id: props.category.id } : {}),
        name: v.name.trim(),
        sort: v.sort ?? 0,
      }),
    onSuccess: (r) => {
      message.success('保存成功');
      props.onSaved(r.data.id);
    },
  });

  return (
    <Modal
      title={props.category ? '编辑分类' : '新增分类'}
      open={props.open}
      okText="保存"
      cancelText="取消"
      confirmLoading={save.isPending}
      onCancel={props.onClose}
      onOk={() =>
        void form.validateFields().then(
          (v) => save.mutate(v),
          () => undefined,
        )
      }
      destroyOnHidden
    >
      <Form name="help-category-modal" form={form} layout="vertical">
        <Form.Item
          name="name"
          label="分类名称"
          rules={[
            { required: true, whitespace: true, message: '请输入分类名称' },
            {
              max: CONTENT_LIMITS.helpCategoryName,
              message: `分类名称不能超过 ${CONTENT_LIMITS.helpCategoryName} 个字`,
            },
          ]}
        >
          <TextInput maxLength={CONTENT_LIMITS.helpCategoryName} placeholder="如：账号与密码" />
        </Form.Item>
        <Form.Item name="sort" label="排序" extra="数字越小越靠前">
          <InputNumber min={0} max={9999} precision={0} style={{ width: 160 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
