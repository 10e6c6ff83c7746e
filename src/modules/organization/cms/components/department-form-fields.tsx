import { Form, InputNumber, Select } from 'antd';
import { DEPARTMENT_KINDS, DEPARTMENT_KIND_LABELS } from '@/modules/organization/contract';
import { deptCodeRules, nameRules } from './rules';
import { TextInput } from '@/core/ui/text-input';

export const KIND_OPTIONS = DEPARTMENT_KINDS.map((k) => ({ value: k, label: DEPARTMENT_KIND_LABELS[k] }));

/** Name, code, kind and sort: the fields a department is edited by, in create and edit alike. */
export function DepartmentFormFields({ sortRequired }: { sortRequired: boolean }) {
  return (
    <>
      <Form.Item name="name" label="部门名称" rules={nameRules('部门名称')}>
        <TextInput maxLength={64} placeholder="如：计算机科学与技术学院" />
      </Form.Item>
      <Form.Item name="code" label="部门编码" rules={deptCodeRules}>
        <TextInput maxLength={32} placeholder="如：C01" />
      </Form.Item>
      <Form.Item name="kind" label="部门类型" rules={[{ required: true, message: '请选择部门类型' }]}>
        <Select options={KIND_OPTIONS} placeholder="请选择部门类型" />
      </Form.Item>
      <Form.Item
        name="sort"
        label="排序"
        rules={sortRequired ? [{ required: true, message: '请输入排序' }] : []}
        extra={sortRequired ? undefined : '留空则排在同级最后'}
      >
        <InputNumber min={0} max={100000} precision={0} style={{ width: '100%' }} />
      </Form.Item>
    </>
  );
}
