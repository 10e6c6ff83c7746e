// @vitest-environment jsdom
import '@/core/testing/dom-polyfills';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { AppProviders } from '@/core/ui/app-providers';
import { FIELD_TYPES, type FormField } from '@/shared/forms/schema';
import { createField } from '../designer/field-catalog';

// Each card draws its mock once per render: counting the mock's calls counts card renders.
const renders = vi.hoisted(() => ({ n: 0 }));
vi.mock('../components/designer/field-mock', () => ({
  FieldMock: () => {
    renders.n++;
    return null;
  },
}));
const api = vi.hoisted(() => ({
  getForm: vi.fn(),
  saveForm: vi.fn(),
  publishForm: vi.fn(),
  listFormCategories: vi.fn(),
  listRolesForAudience: vi.fn(() =>
    Promise.resolve([
      { code: 'student', name: '学生' },
      { code: 'staff', name: '教职工' },
    ]),
  ),
  pickUsers: vi.fn(),
  pickDepartments: vi.fn(),
}));
vi.mock('@/modules/forms/api', () => api);
const { default: FormDesignPage } = await import('./form-design-page');

describe('form designer with 200 fields', () => {
  it('re-renders only the edited card on a keystroke and only the selected card on a click', async () => {
    const taken = new Set<string>();
    const sections = [1, 2, 3, 4].map((n) => ({
      id: `section_${n}`,
      title: `分区${n}`,
      columns: 2,
      fields: [] as FormField[],
    }));
    for (let i = 0; i < 200; i++) {
      const f = createField(FIELD_TYPES[i % FIELD_TYPES.length]!, taken);
      taken.add(f.id);
      f.label = `字段${i + 1}`;
      f.span = 1;
      sections[i % 4]!.fields.push(f);
    }
    api.getForm.mockResolvedValue({
      data: {
        id: 5,
        name: '大表单',
        category: '',
        description: '',
        status: 'draft',
        access: 'signedIn',
        managers: [],
        draft: { format: 1, sections, rules: [] },
        versions: [],
        submissionCount: 0,
        updatedAt: 0,
        updatedBy: '',
      },
    });
    api.listFormCategories.mockResolvedValue({ data: [] });
    const router = createMemoryRouter([{ path: '/cms/workflow/formDesign', element: <FormDesignPage /> }], {
      initialEntries: ['/cms/workflow/formDesign?id=5'],
    });
    render(
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    await waitFor(() => expect(document.querySelectorAll('[data-field-id]')).toHaveLength(200), { timeout: 20_000 });

    renders.n = 0;
    fireEvent.click(document.querySelectorAll('[data-field-id]')[120] as HTMLElement);
    expect(renders.n).toBe(1);
    const label = await waitFor(() => document.querySelector('input[aria-label="字段名称"]') as HTMLInputElement);
    renders.n = 0;
    for (const text of ['申', '申请', '申请人']) fireEvent.change(label, { target: { value: text } });
    expect(renders.n).toBe(3);
  }, 60_000);
});
