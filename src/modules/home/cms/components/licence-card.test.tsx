// @vitest-environment jsdom
import '@/core/testing/dom-polyfills';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import type { LicenceInfo } from '@/shared/licence';
import { LicenceCard } from './licence-card';

const valid: LicenceInfo = {
  valid: true,
  reason: null,
  id: 'L1',
  holder: '华夏理工大学',
  issuedAt: '2026-01-01',
  expiresAt: '2027-11-22',
  daysLeft: 365,
  userCap: 50000,
  modules: ['*'],
  users: 4202,
};

afterEach(cleanup);

describe('the licence card', () => {
  it('shows the holder, expiry, days left, modules and accounts against the cap', () => {
    render(<LicenceCard info={valid} loading={false} />);
    expect(screen.getByText('华夏理工大学')).toBeTruthy();
    expect(screen.getByText('2027-11-22')).toBeTruthy();
    expect(screen.getByText('365 天')).toBeTruthy();
    expect(screen.getByText('全部模块')).toBeTruthy();
    expect(screen.getByText(/4,202 \/ 50,000/)).toBeTruthy();
    expect(screen.getByText('正常')).toBeTruthy();
  });

  it('warns when less than a month is left', () => {
    render(<LicenceCard info={{ ...valid, daysLeft: 12 }} loading={false} />);
    expect(screen.getByText('即将到期')).toBeTruthy();
  });

  it('says why an invalid licence is refused', () => {
    render(<LicenceCard info={{ ...valid, valid: false, reason: 'expired', daysLeft: 0 }} loading={false} />);
    expect(screen.getByText('授权已过期')).toBeTruthy();
    expect(screen.getByText(/服务未授权/)).toBeTruthy();
  });
});
