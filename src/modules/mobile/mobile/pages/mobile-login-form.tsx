import { useId, useImperativeHandle, useRef, useState, type FormEvent, type ReactNode, type Ref } from 'react';
import { Button } from 'antd-mobile';
import type { SignInFields } from '@/modules/auth/ui';
import { stripEmoji } from '@/shared/emoji';
import f from './mobile-login-form.module.css';

type Field = keyof SignInFields;

// Spec section 5: each field names what is missing once it loses focus empty, and all of them on submit.
const FIELDS: { name: Field; label: string; message: string; blankIsEmpty: boolean }[] = [
  { name: 'username', label: '用户名', message: '请输入用户名', blankIsEmpty: true },
  { name: 'password', label: '密码', message: '请输入密码', blankIsEmpty: false },
  { name: 'code', label: '验证码', message: '请输入验证码', blankIsEmpty: true },
];

const INPUT: Record<Field, { placeholder: string; type?: string; autoComplete: string; maxLength?: number }> = {
  username: { placeholder: '用户名 / 学工号', autoComplete: 'username', maxLength: 64 },
  password: { placeholder: '密码', type: 'password', autoComplete: 'current-password' },
  code: { placeholder: '验证码', autoComplete: 'off', maxLength: 8 },
};

const missing = (field: (typeof FIELDS)[number], value: string) =>
  (field.blankIsEmpty ? value.trim() : value) ? undefined : field.message;

export interface MobileLoginFormHandle {
  /** Empties the captcha input: a used captcha is spent. */
  clearCode(): void;
}

/**
 * The phone login's three fields and its button, in plain inputs (issue 14: antd-mobile's Form
 * and Input weighed about 35 KB gzip of the page's first load for three required checks). The
 * inputs strip emoji like the kit's MobileInput; each says what is missing on blur and on submit.
 */
export function MobileLoginForm({
  onSubmit,
  submitting,
  captcha,
  handle,
}: {
  onSubmit: (values: SignInFields) => void;
  submitting: boolean;
  captcha: ReactNode;
  handle: Ref<MobileLoginFormHandle>;
}) {
  const id = useId();
  const [values, setValues] = useState<SignInFields>({ username: '', password: '', code: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});
  useImperativeHandle(handle, () => ({ clearCode: () => setValues((v) => ({ ...v, code: '' })) }), []);

  const check = (name: Field, value: string) =>
    setErrors((e) => ({ ...e, [name]: missing(FIELDS.find((x) => x.name === name)!, value) }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = Object.fromEntries(FIELDS.map((x) => [x.name, missing(x, values[x.name])]));
    setErrors(found);
    const first = FIELDS.find((x) => found[x.name]);
    if (first) inputs.current[first.name]?.focus();
    else onSubmit(values);
  };

  return (
    <form name="mobile-login" className={f.form} onSubmit={submit} noValidate>
      {FIELDS.map((field) => {
        const inputId = `${id}-${field.name}`;
        const error = errors[field.name];
        return (
          <div key={field.name} className={f.row}>
            <div className={f.line}>
              <label htmlFor={inputId} className={f.label}>
                {field.label}
              </label>
              <input
                id={inputId}
                ref={(el) => {
                  inputs.current[field.name] = el;
                }}
                className={f.input}
                name={field.name}
                {...INPUT[field.name]}
                value={values[field.name]}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${inputId}-error` : undefined}
                onChange={(e) => {
                  const value = stripEmoji(e.target.value);
                  setValues((v) => ({ ...v, [field.name]: value }));
                  if (error) check(field.name, value);
                }}
                onBlur={(e) => check(field.name, e.target.value)}
              />
              {field.name === 'code' && <div className={f.extra}>{captcha}</div>}
            </div>
            {error && (
              <div id={`${inputId}-error`} className={f.error}>
                {error}
              </div>
            )}
          </div>
        );
      })}
      <div className={f.footer}>
        <Button block type="submit" color="primary" size="large" loading={submitting}>
          登 录
        </Button>
      </div>
    </form>
  );
}
