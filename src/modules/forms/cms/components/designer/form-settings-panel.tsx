import { useEffect, useRef, useState } from 'react';
import { AutoComplete, Divider, Form, Radio, Select, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { PickedRef } from '@/shared/forms/schema';
import { TextArea, TextInput } from '@/core/ui/text-input';
import { listFormCategories, listRolesForAudience, searchPeopleAdmin } from '@/modules/forms/api';
import type { AdminPickableUser, FormAccess } from '@/modules/forms/contract';
import { FillSettingsFields, type FillDraft } from './fill-settings';
import s from './designer.module.css';

/** The form's settings the designer saves with the schema. */
export interface FormSettings {
  name: string;
  category: string;
  description: string;
  access: FormAccess;
  /** Role codes that may fill it; [] = everyone. */
  audience: string[];
  managers: PickedRef[];
  /** 填写设置: departments, classes, platforms, people, limit per person, window, access password. */
  fill: FillDraft;
}

/** 适用对象: the roles that may fill the form (none picked: everyone its access admits). */
function AudienceSelect({ value, onChange }: { value: string[]; onChange: (v: string[]) => void }) {
  const roles = useQuery({ queryKey: ['forms', 'audience-roles'], queryFn: listRolesForAudience, staleTime: 60_000 });
  const names = new Map((roles.data ?? []).map((r) => [r.code, r.name]));
  return (
    <Select
      aria-label="适用对象"
      mode="multiple"
      allowClear
      placeholder="所有人"
      loading={roles.isLoading}
      value={value}
      optionFilterProp="label"
      // A code no longer among the roles still shows (by its code) so it can be removed.
      options={[
        ...(roles.data ?? []).map((r) => ({ value: r.code, label: r.name })),
        ...value.filter((c) => roles.data && !names.has(c)).map((c) => ({ value: c, label: c })),
      ]}
      onChange={onChange}
    />
  );
}

export const ACCESS_LABELS: Record<FormAccess, string> = {
  public: '公开（任何人凭链接可填写）',
  signedIn: '登录后填写',
};

/** Searches users as the admin types (debounced); picked users stay listed by name (汇总查看人, 指定人员). */
function PeopleSelect({
  value,
  onChange,
  label,
  max,
}: {
  value: PickedRef[];
  onChange: (v: PickedRef[]) => void;
  label: string;
  max: number;
}) {
  const [keyword, setKeyword] = useState('');
  const [found, setFound] = useState<AdminPickableUser[]>([]);
  const [loading, setLoading] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const search = (text: string) => {
    setKeyword(text);
    clearTimeout(timer.current);
    if (!text.trim()) return setFound([]);
    timer.current = setTimeout(() => {
      setLoading(true);
      searchPeopleAdmin(text.trim())
        .then(setFound)
        .catch(() => setFound([]))
        .finally(() => setLoading(false));
    }, 300);
  };
  const options = [
    ...value.map((u) => ({ value: u.id, label: u.name })),
    ...found
      .filter((u) => !value.some((v) => v.id === u.id))
      .map((u) => ({ value: u.id, label: `${u.name}（${u.userNo}${u.department ? ` · ${u.department}` : ''}）` })),
  ];
  return (
    <Select
      aria-label={label}
      mode="multiple"
      placeholder="输入姓名或学工号搜索"
      showSearch={{ searchValue: keyword, onSearch: search, filterOption: false }}
      notFoundContent={loading ? <Spin size="small" /> : keyword ? '没有匹配的用户' : '输入姓名或学工号搜索'}
      value={value.map((u) => u.id)}
      options={options}
      maxCount={max}
      onChange={(ids: number[]) => {
        const known = new Map<number, string>([
          ...value.map((u) => [u.id, u.name] as const),
          ...found.map((u) => [u.id, u.name] as const),
        ]);
        onChange(ids.map((id) => ({ id, name: known.get(id) ?? String(id) })));
        setKeyword('');
        setFound([]);
      }}
    />
  );
}

/** The 表单设置 tab: name, category, description, who fills it, who reads its summary, the submit button. */
export function FormSettingsPanel(props: {
  value: FormSettings;
  onChange: (patch: Partial<FormSettings>) => void;
  submitText: string;
  onSubmitText: (text: string) => void;
}) {
  const { value, onChange } = props;
  const categories = useQuery({
    queryKey: ['forms', 'categories'],
    queryFn: () => listFormCategories().then((r) => r.data),
  });
  const nameError = !value.name.trim() ? '请填写表单名称' : '';
  return (
    <Form layout="vertical" component="div" size="small" className={s.fieldForm}>
      <Form.Item
        label="表单名称"
        required
        validateStatus={nameError ? 'error' : undefined}
        help={nameError || undefined}
      >
        <TextInput
          aria-label="表单名称"
          value={value.name}
          maxLength={60}
          showCount
          onChange={(e) => onChange({ name: e.target.value })}
        />
      </Form.Item>
      <Form.Item label="分类">
        <AutoComplete
          aria-label="分类"
          value={value.category}
          maxLength={30}
          placeholder="选择或输入分类"
          options={(categories.data ?? []).filter((c) => c.includes(value.category)).map((c) => ({ value: c }))}
          onChange={(v: string) => onChange({ category: v })}
        />
      </Form.Item>
      <Form.Item label="说明">
        <TextArea
          aria-label="表单说明"
          value={value.description}
          maxLength={500}
          showCount
          autoSize={{ minRows: 2, maxRows: 5 }}
          onChange={(e) => onChange({ description: e.target.value })}
        />
      </Form.Item>
      <Form.Item label="填写权限">
        <Radio.Group value={value.access} onChange={(e) => onChange({ access: e.target.value as FormAccess })}>
          {(Object.keys(ACCESS_LABELS) as FormAccess[]).map((a) => (
            <Radio key={a} value={a}>
              {ACCESS_LABELS[a]}
            </Radio>
          ))}
        </Radio.Group>
      </Form.Item>
      <Divider titlePlacement="start" className={s.fillDivider}>
        填写设置
      </Divider>
      <div className={s.muted} style={{ marginBottom: 12 }}>
        适用对象：符合以下任一条件的用户可看到并填写本表单；都不选则所有人均可。
      </div>
      <Form.Item label="适用角色">
        <AudienceSelect value={value.audience} onChange={(audience) => onChange({ audience })} />
      </Form.Item>
      <FillSettingsFields
        fill={value.fill}
        access={value.access}
        onChange={(patch) => onChange({ fill: { ...value.fill, ...patch } })}
        peopleInput={(users, onUsers) => <PeopleSelect label="指定人员" max={500} value={users} onChange={onUsers} />}
      />
      <Divider className={s.fillDivider} />
      <Form.Item label="汇总查看人" extra="这些用户可在审批中心查看本表单的全部提交">
        <PeopleSelect
          label="汇总查看人"
          max={50}
          value={value.managers}
          onChange={(managers) => onChange({ managers })}
        />
      </Form.Item>
      <Form.Item label="提交按钮文字">
        <TextInput
          aria-label="提交按钮文字"
          placeholder="提交"
          value={props.submitText}
          maxLength={20}
          onChange={(e) => props.onSubmitText(e.target.value)}
        />
      </Form.Item>
    </Form>
  );
}
