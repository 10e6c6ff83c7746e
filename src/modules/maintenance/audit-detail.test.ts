import { describe, expect, it } from 'vitest';
import { auditDetailText } from './contract';

describe('auditDetailText: audit details in the words an administrator reads', () => {
  it.each([
    ['password', '密码登录'],
    ['break-glass', '应急通道密码登录'],
    ['cas', 'CAS 统一身份认证登录'],
    ['wrong password, address locked, delayed 400 ms (admin)', '密码错误，地址已锁定，延迟 400 毫秒（管理端）'],
    ['unknown user', '用户不存在'],
    ['not an administrator (admin)', '不是管理员账号（管理端）'],
    ['oidc: not an administrator', 'OIDC 统一身份认证：不是管理员账号'],
    ['oidc back-channel logout (sid): 1 session(s) ended', 'OIDC 统一身份认证后台通道退出：结束 1 个会话'],
    ['cas single logout: 2 session(s) ended', 'CAS 统一身份认证单点退出：结束 2 个会话'],
    ['address 10.0.0.9 locked for 15 min after 5 failures in a row', '地址 10.0.0.9 连续 5 次失败，锁定 15 分钟'],
    ['2 locked addresses cleared', '已解除 2 个地址的锁定'],
    ['SSO-only account: no password here', '统一身份认证账号，无本地密码'],
    ['captcha 0x00000031', '验证码未通过（0x00000031）'],
    ['4096 bytes', '4096 字节'],
  ])('%s → %s', (raw, shown) => {
    expect(auditDetailText(raw)).toBe(shown);
  });

  it('leaves Chinese details and empty ones as they are', () => {
    expect(auditDetailText('oidc: 单点登录自动创建（学号/工号 S1，student）')).toBe(
      'OIDC 统一身份认证：单点登录自动创建（学号/工号 S1，student）',
    );
    expect(auditDetailText('请假申请 v3')).toBe('请假申请 v3');
    expect(auditDetailText(null)).toBe('');
  });
});
