// @vitest-environment jsdom
import '@/core/testing/dom-polyfills';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { AppProviders } from '@/core/ui/app-providers';
import { HttpError } from '@/core/http';
import { Codes } from '@/shared/errors';
import { phoneLink } from '@/shared/approval-links';
import type { BookingOverview, SlotView } from './contract';
import OrderlinePage from './web/pages/orderline-page';
import PermitVerifyPage from './visitor/pages/permit-verify-page';
import BookingDeskPage from './web/pages/booking-desk-page';
import type { BookingRow } from './contract';

vi.mock('@/modules/service-booking/api', () => ({
  bookingOverview: vi.fn(),
  daySlots: vi.fn(),
  book: vi.fn(),
  cancelBooking: vi.fn(),
  myBookings: vi.fn(),
  myCallbacks: vi.fn(),
  callbackDetail: vi.fn(),
  cancelCallback: vi.fn(),
  verifyPermit: vi.fn(),
  deskBookings: vi.fn(),
  deskSlots: vi.fn(),
  attend: vi.fn(),
}));
const api = await import('@/modules/service-booking/api');
const envelope = <T,>(data: T) => ({ errorCode: '0x00000000', message: '成功', data });
const empty = envelope({ list: [], total: 0, page: 1, pageSize: 10 });

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

// 2026-12-01 09:00 and 10:00 Beijing time.
const at = (h: number) => Date.parse(`2026-12-01T${String(h).padStart(2, '0')}:00:00+08:00`);
const slot = (id: number, h: number, booked: number): SlotView => ({
  id,
  windowId: 1,
  windowName: '综合窗口',
  location: '行政楼 101',
  startAt: at(h),
  endAt: at(h) + 1800_000,
  capacity: 2,
  booked,
  bookable: booked < 2,
});
const overview: BookingOverview = {
  item: { id: 6, name: '学生证补办', departmentName: '学生工作处' },
  days: [{ date: '2026-12-01', free: 3 }],
  windows: [{ id: 1, name: '综合窗口', location: '行政楼 101', note: '', cutoffMinutes: 120 }],
  noShows: 0,
  noShowLimit: 3,
  canBook: true,
};

const open = (path: string, element: React.ReactNode, route: string) =>
  render(
    <AppProviders>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={route} element={element} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );

describe('预约办理', () => {
  it('books a slot; a full one opens 已约满 with the next free slots', async () => {
    vi.mocked(api.bookingOverview).mockResolvedValue(envelope(overview));
    vi.mocked(api.daySlots).mockResolvedValue(envelope([slot(11, 9, 1), slot(12, 10, 0)]));
    vi.mocked(api.myBookings).mockResolvedValue(empty);
    vi.mocked(api.myCallbacks).mockResolvedValue(empty);
    const alternatives = [slot(13, 14, 0)];
    vi.mocked(api.book).mockRejectedValue(
      new HttpError('该时段已约满，可选择以下时段', Codes.bookingFull, 409, {
        errorCode: Codes.bookingFull,
        message: '该时段已约满，可选择以下时段',
        data: { alternatives },
      }),
    );
    open('/web/eventService/orderline?itemId=6', <OrderlinePage />, '/web/eventService/orderline');
    fireEvent.click(await screen.findByRole('button', { name: '09:00–09:30 综合窗口' }));
    fireEvent.click(await screen.findByRole('button', { name: /确认预约/ }));
    await waitFor(() => expect(api.book).toHaveBeenCalledWith({ slotId: 11, itemId: 6, phone: '', note: '' }));
    expect(await screen.findByText('该时段已约满，可选择以下时段')).toBeTruthy();
    expect(screen.getByText(/14:00–14:30 · 综合窗口 · 余 2/)).toBeTruthy();
    expect(screen.getByRole('button', { name: '预约此时段' })).toBeTruthy();
  });

  it('the public verify page shows a revoked permit with its reason and the masked holder', async () => {
    vi.mocked(api.verifyPermit).mockResolvedValue(
      envelope({
        result: 'revoked' as const,
        title: '在读证明',
        itemName: '在读证明开具',
        departmentName: '教务处',
        holderName: '李*轩',
        issuedAt: at(9),
        validUntil: null,
        revokedAt: at(10),
        revokeReason: '信息有误',
      }),
    );
    open('/home/permitVerify?code=ABCD-EFGH-JKMN', <PermitVerifyPage />, '/home/permitVerify');
    expect(await screen.findByText('证照已撤销')).toBeTruthy();
    expect(screen.getByText('李*轩')).toBeTruthy();
    expect(screen.getByText(/信息有误/)).toBeTruthy();
    expect(api.verifyPermit).toHaveBeenCalledWith('ABCD-EFGH-JKMN');
  });

  it('the booking desk lists the day’s bookings page by page and checks a person in', async () => {
    const row: BookingRow = {
      id: 21,
      itemId: 6,
      itemName: '学生证补办',
      departmentName: '学生工作处',
      windowName: '综合窗口',
      location: '行政楼 101',
      slotStart: at(9),
      slotEnd: at(9) + 1800_000,
      status: 'booked',
      phone: '13800138000',
      note: '',
      createdAt: at(8),
      cancellable: false,
      userName: '张三',
      userNo: '20230100001',
    };
    vi.mocked(api.deskBookings).mockResolvedValue(envelope({ list: [row], total: 41, page: 1, pageSize: 20 }));
    vi.mocked(api.deskSlots).mockResolvedValue(envelope({ date: '2026-12-01', slots: [] }));
    vi.mocked(api.attend).mockResolvedValue(envelope(null));
    open('/web/serviceDesk/bookings', <BookingDeskPage />, '/web/serviceDesk/bookings');
    expect(await screen.findByText('张三（20230100001）')).toBeTruthy();
    expect(vi.mocked(api.deskBookings).mock.calls[0]![0]).toMatchObject({ page: 1, pageSize: 20 });
    fireEvent.click(screen.getByRole('listitem', { name: '3' }));
    await waitFor(() => expect(vi.mocked(api.deskBookings).mock.calls.at(-1)![0]).toMatchObject({ page: 3 }));
    fireEvent.click(await screen.findByRole('button', { name: /签\s*到/ }));
    await waitFor(() => expect(api.attend).toHaveBeenCalledWith(21));
  });

  it('message links to the booking pages open the phone pages on a phone', () => {
    expect(phoneLink('/web/eventService/orderline?id=6')).toBe('/mobile/booking?id=6');
    expect(phoneLink('/web/eventService/electronicWorkPermit?id=3')).toBe('/mobile/permits?id=3');
    expect(phoneLink('/web/eventService/applyCall?callbackId=2')).toBe('/mobile/applyCall');
  });
});
