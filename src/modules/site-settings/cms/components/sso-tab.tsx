import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Divider, Form, Radio, Select, Skeleton, Space, Switch, Typography } from 'antd';
import { ApiOutlined } from '@ant-design/icons';
import { toast } from '@/core/ui/toast';
import { getSsoSettings, saveSsoSettings, testSsoConnection } from '@/modules/site-settings/api';
import type {
  SaveSsoBody,
  SsoMatchBody,
  SsoProvisionBody,
  SsoSettings,
  SsoTestResult,
} from '@/modules/site-settings/contract';
import { PasswordInput, TextInput } from '@/core/ui/text-input';

const HTTP_URL = /^https?:\/\/\S+$/;
const CLAIM_RULES = [{ pattern: /^[A-Za-z0-9_:.-]*$/, message: '只能包含字母、数字和 _ : . -' }];
const OPTIONAL_HTTP_URL = /^(https?:\/\/\S+)?$/;

interface FormValues {
  kind: SaveSsoBody['kind'];
  casServerUrl?: string;
  oidcIssuer?: string;
  oidcClientId?: string;
  oidcClientSecret?: string;
  oidcRedirectUri?: string;
  retainBackDoor: boolean;
  adminHost: string;
  userLoginEnable: boolean;
  adminLoginEnable: boolean;
  logoutUrl: string;
  matchField: SsoMatchBody['field'];
  matchClaim: string;
  provisionEnabled: boolean;
  provisionKind: SsoProvisionBody['kind'];
  provisionName: string;
  provisionDepartment: string;
  provisionUserNo: string;
  provisionEmail: string;
}

const toForm = (s: SsoSettings): FormValues => ({
  kind: s.kind,
  casServerUrl: s.cas?.serverUrl ?? '',
  oidcIssuer: s.oidc?.issuer ?? '',
  oidcClientId: s.oidc?.clientId ?? '',
  oidcClientSecret: '',
  oidcRedirectUri: s.oidc?.redirectUri ?? '',
  retainBackDoor: s.retainBackDoor,
  adminHost: s.adminHost,
  userLoginEnable: s.userLoginEnable,
  adminLoginEnable: s.adminLoginEnable,
  logoutUrl: s.logoutUrl,
  matchField: s.match.field,
  matchClaim: s.match.claim,
  provisionEnabled: s.provision.enabled,
  provisionKind: s.provision.kind,
  provisionName: s.provision.nameClaim,
  provisionDepartment: s.provision.departmentClaim,
  provisionUserNo: s.provision.userNoClaim,
  provisionEmail: s.provision.emailClaim,
});

/** Only the block of the chosen kind is sent (an unused, half-filled block would not validate). */
function toBody(v: FormValues): SaveSsoBody {
  return {
    kind: v.kind,
    ...(v.kind === 'cas' ? { cas: { serverUrl: (v.casServerUrl ?? '').trim() } } : {}),
    ...(v.kind === 'oidc'
      ? {
          oidc: {
            issuer: (v.oidcIssuer ?? '').trim(),
            clientId: (v.oidcClientId ?? '').trim(),
            clientSecret: v.oidcClientSecret ?? '',
            redirectUri: (v.oidcRedirectUri ?? '').trim(),
          },
        }
      : {}),
    retainBackDoor: v.retainBackDoor,
    adminHost: (v.adminHost ?? '').trim(),
    userLoginEnable: v.userLoginEnable,
    adminLoginEnable: v.adminLoginEnable,
    logoutUrl: (v.logoutUrl ?? '').trim(),
    match: { field: v.matchField ?? 'username', claim: (v.matchClaim ?? '').trim() },
    provision: {
      enabled: !!v.provisionEnabled,
      kind: v.provisionKind ?? 'student',
      nameClaim: (v.provisionName ?? '').trim(),
      departmentClaim: (v.provisionDepartment ?? '').trim(),
      userNoClaim: (v.provisionUserNo ?? '').trim(),
      emailClaim: (v.provisionEmail ?? '').trim(),
    },
  };
}

/** 登录方式与单点登录: which sign-in sides are open, and the CAS / OIDC server with a connection test. */
export function SsoTab() {
  const [form] = Form.useForm<FormValues>();
  const qc = useQueryClient();
  const q = useQuery({ queryKey: ['site-settings', 'sso'], queryFn: () => getSsoSettings().then((r) => r.data) });
  const [tested, setTested] = useState<SsoTestResult | null>(null);
  useEffect(() => {
    if (q.data) form.setFieldsValue(toForm(q.data));
  }, [q.data, form]);
  const kind = Form.useWatch('kind', form);
  const provisioning = Form.useWatch('provisionEnabled', form);
  const save = useMutation({
    mutationFn: (v: FormValues) => saveSsoSettings(toBody(v)).then((r) => r.data),
    onSuccess: (s) => {
      qc.setQueryData(['site-settings', 'sso'], s);
      form.setFieldsValue({ oidcClientSecret: '' });
      toast.success('登录设置已保存');
    },
  });
  const test = useMutation({
    mutationFn: (body: { kind: 'cas' | 'oidc'; url: string }) => testSsoConnection(body).then((r) => r.data),
    onMutate: () => setTested(null),
    onSuccess: setTested,
  });
  const runTest = async () => {
    const field = kind === 'cas' ? 'casServerUrl' : 'oidcIssuer';
    const values = await form.validateFields([field]).catch(() => null);
    if (!values || (kind !== 'cas' && kind !== 'oidc')) return;
    test.mutate({ kind, url: String(form.getFieldValue(field)).trim() });
  };
  if (q.isPending) return <Skeleton active />;

  return (
    <Form
      name="sso-tab"
      form={form}
      labelCol={{ span: 4 }}
      wrapperCol={{ span: 14 }}
      onFinish={(v) => save.mutate(v)}
      onValuesChange={(c) => {
        if ('kind' in c || 'casServerUrl' in c || 'oidcIssuer' in c) setTested(null);
      }}
    >
      <Divider titlePlacement="start">登录入口</Divider>
      <Form.Item
        label="用户登录"
        name="userLoginEnable"
        valuePropName="checked"
        extra="关闭后，普通用户无法在 /login 登录"
      >
        <Switch checkedChildren="开启" unCheckedChildren="关闭" />
      </Form.Item>
      <Form.Item
        label="管理员登录"
        name="adminLoginEnable"
        valuePropName="checked"
        extra="关闭后，管理员无法在 /loginAdmin 登录"
        dependencies={['userLoginEnable']}
        rules={[
          ({ getFieldValue }) => ({
            validator: (_, on: boolean) =>
              on || getFieldValue('userLoginEnable')
                ? Promise.resolve()
                : Promise.reject(new Error('用户登录与管理员登录不能同时关闭')),
          }),
        ]}
      >
        <Switch checkedChildren="开启" unCheckedChildren="关闭" />
      </Form.Item>
      <Form.Item
        label="管理端域名"
        name="adminHost"
        extra="只允许在该域名登录管理后台，留空表示不限"
        rules={[{ pattern: /^([A-Za-z0-9.-]+(:[0-9]{1,5})?)?$/, message: '请输入域名，如 admin.example.edu' }]}
      >
        <TextInput placeholder="如：admin.example.edu" />
      </Form.Item>

      <Divider titlePlacement="start">单点登录</Divider>
      <Form.Item label="单点登录方式" name="kind">
        <Radio.Group
          optionType="button"
          buttonStyle="solid"
          options={[
            { value: 'none', label: '不启用' },
            { value: 'cas', label: 'CAS' },
            { value: 'oidc', label: 'OIDC' },
          ]}
        />
      </Form.Item>
      {kind === 'cas' && (
        <Form.Item
          label="CAS 服务器地址"
          name="casServerUrl"
          extra="如 https://cas.example.edu/cas（系统自动拼接 /login、/logout、/p3/serviceValidate）"
          rules={[
            { required: true, message: '请输入 CAS 服务器地址' },
            { pattern: HTTP_URL, message: '地址须以 http:// 或 https:// 开头' },
          ]}
        >
          <TextInput placeholder="https://cas.example.edu/cas" />
        </Form.Item>
      )}
      {kind === 'oidc' && (
        <>
          <Form.Item
            label="身份提供方地址（Issuer）"
            name="oidcIssuer"
            rules={[
              { required: true, message: '请输入身份提供方地址' },
              { pattern: HTTP_URL, message: '地址须以 http:// 或 https:// 开头' },
            ]}
          >
            <TextInput placeholder="https://idp.example.edu" />
          </Form.Item>
          <Form.Item
            label="客户端标识（Client ID）"
            name="oidcClientId"
            rules={[
              { required: true, whitespace: true, message: '请输入客户端标识' },
              { max: 200, message: '不能超过 200 个字符' },
            ]}
          >
            <TextInput />
          </Form.Item>
          <Form.Item
            label="客户端密钥（Client Secret）"
            name="oidcClientSecret"
            extra={q.data?.oidc?.secretSet ? '已设置密钥；留空表示保持不变' : '尚未设置密钥'}
            rules={[
              { required: !q.data?.oidc?.secretSet, message: '请输入客户端密钥' },
              { max: 500, message: '不能超过 500 个字符' },
            ]}
          >
            <PasswordInput
              placeholder={q.data?.oidc?.secretSet ? '••••••（不修改请留空）' : ''}
              autoComplete="new-password"
            />
          </Form.Item>
          <Form.Item
            label="回调地址"
            name="oidcRedirectUri"
            extra="在身份提供方登记的回调地址；留空使用本站 /login（管理端 /loginAdmin）"
            rules={[{ pattern: OPTIONAL_HTTP_URL, message: '地址须以 http:// 或 https:// 开头' }]}
          >
            <TextInput placeholder="https://portal.example.edu/login" />
          </Form.Item>
        </>
      )}
      {kind !== 'none' && (
        <>
          <Form.Item label="账号匹配" name="matchField" extra="用身份提供方的哪一项找到本站账号">
            <Select
              options={[
                { value: 'username', label: '用户名' },
                { value: 'userNo', label: '学号/工号' },
                { value: 'email', label: '邮箱' },
              ]}
            />
          </Form.Item>
          <Form.Item
            label="身份属性名"
            name="matchClaim"
            extra="OIDC 的 id_token 声明或 CAS 属性名，如 employee_no、mail；留空使用身份提供方的用户名"
            rules={[{ pattern: /^[A-Za-z0-9_:.-]*$/, message: '只能包含字母、数字和 _ : . -' }]}
          >
            <TextInput placeholder="留空：用户名" />
          </Form.Item>
          <Form.Item
            label="自动创建账号"
            name="provisionEnabled"
            valuePropName="checked"
            extra="本站没有对应账号时，按身份提供方的属性自动创建（仅能统一认证登录，无本站密码）；以后每次登录更新姓名、部门和邮箱"
          >
            <Switch checkedChildren="开启" unCheckedChildren="关闭" />
          </Form.Item>
          {provisioning && (
            <>
              <Form.Item
                label="账号身份"
                name="provisionKind"
                extra="新账号的类型，并授予同名角色（学生 student / 教职工 staff）"
              >
                <Radio.Group
                  options={[
                    { value: 'student', label: '学生' },
                    { value: 'staff', label: '教职工' },
                  ]}
                />
              </Form.Item>
              <Form.Item
                label="姓名属性"
                name="provisionName"
                extra="如 name、cn；留空则以用户名为姓名"
                rules={CLAIM_RULES}
              >
                <TextInput placeholder="name" />
              </Form.Item>
              <Form.Item
                label="部门属性"
                name="provisionDepartment"
                extra="按部门编码匹配，找不到再按部门名称匹配"
                rules={CLAIM_RULES}
              >
                <TextInput placeholder="如 department、ou" />
              </Form.Item>
              <Form.Item
                label="学号/工号属性"
                name="provisionUserNo"
                extra="按学号/工号匹配账号时，自动取匹配的值"
                rules={CLAIM_RULES}
              >
                <TextInput placeholder="如 student_no、employeeNumber" />
              </Form.Item>
              <Form.Item label="邮箱属性" name="provisionEmail" rules={CLAIM_RULES}>
                <TextInput placeholder="如 email、mail" />
              </Form.Item>
            </>
          )}
          <Form.Item
            label="保留账号密码登录"
            name="retainBackDoor"
            valuePropName="checked"
            extra="开启单点登录后仍显示账号密码登录表单"
          >
            <Switch />
          </Form.Item>
          {q.data && (
            <Form.Item label="在身份提供方登记" extra="把这些本站地址交给统一身份认证平台的管理员登记">
              <Descriptions
                size="small"
                column={1}
                bordered
                items={[
                  {
                    key: 'pages',
                    label: kind === 'cas' ? '服务地址 (service)' : '回调 / 退出后返回地址',
                    children: q.data.signInPages.map((u) => (
                      <Typography.Text key={u} copyable>
                        {kind === 'cas' ? `${u}?state=*` : u}
                        <br />
                      </Typography.Text>
                    )),
                  },
                  kind === 'cas'
                    ? { key: 'slo', label: '单点注销 (SLO)', children: 'CAS 服务器向上述服务地址 POST logoutRequest' }
                    : {
                        key: 'backchannel',
                        label: 'Back-Channel Logout URI',
                        children: <Typography.Text copyable>{q.data.backchannelLogoutUri}</Typography.Text>,
                      },
                ]}
              />
            </Form.Item>
          )}
          <Form.Item wrapperCol={{ offset: 4, span: 14 }}>
            <Space orientation="vertical" style={{ width: '100%' }}>
              <Button icon={<ApiOutlined />} loading={test.isPending} onClick={runTest}>
                测试连接
              </Button>
              {tested && (
                <Alert
                  type={tested.ok ? 'success' : 'error'}
                  showIcon
                  title={tested.ok ? '连接成功' : '连接失败'}
                  description={tested.message}
                />
              )}
            </Space>
          </Form.Item>
        </>
      )}
      <Form.Item
        label="退出后跳转"
        name="logoutUrl"
        extra="留空时由单点登录服务器决定"
        rules={[{ pattern: OPTIONAL_HTTP_URL, message: '地址须以 http:// 或 https:// 开头' }]}
      >
        <TextInput placeholder="https://www.example.edu" />
      </Form.Item>
      <Form.Item wrapperCol={{ offset: 4 }}>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          保存
        </Button>
      </Form.Item>
    </Form>
  );
}
