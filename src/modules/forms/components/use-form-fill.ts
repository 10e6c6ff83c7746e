import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { FileRef, FormValues } from '@/shared/forms/schema';
import { isEmptyValue } from '@/shared/forms/values';
import { validateSubmission, type FieldError } from '@/shared/forms/validate';
import { applyFormulas, crossCheckErrors } from '@/shared/forms/computed';
import { useSession } from '@/core/session/store';
import { pickDepartments, pickUsers, saveDraft, submitForm, uploadFormFile } from '../api';
import type { DraftInfo, OpenedForm, SubmitAnswer } from '../contract';
import { serverFieldErrors } from './field-errors';
import { rememberUpload } from './file-blobs';
import {
  AUTOSAVE_DELAY_MS,
  clearLocalDraft,
  localDraftKey,
  readLocalDraft,
  writeLocalDraft,
  type LocalDraft,
} from './local-drafts';
import type { FormPickers } from './renderer-props';

export interface FormFillOptions {
  /** Values to start from instead of the form's defaults (a server draft being continued). */
  initial?: FormValues;
  /** The server draft this fill continues: saving updates it, submitting deletes it. */
  draftId?: number;
}

export type SubmitOutcome =
  | { ok: true; answer: SubmitAnswer }
  /** invalid: the client's check (nothing sent); refused: the server's field messages (already toasted); failed: anything else. */
  | { ok: false; reason: 'invalid' | 'refused' | 'failed'; errors: FieldError[] };

// Something typed: empty rows a sub-table starts with (objects of empty cells) do not count.
const meaningful = (v: unknown): boolean =>
  Array.isArray(v)
    ? v.some(meaningful)
    : v !== null && typeof v === 'object'
      ? Object.values(v).some(meaningful)
      : !isEmptyValue(v);
const hasContent = (v: FormValues) => Object.values(v).some(meaningful);
const sameValues = (a: FormValues, b: FormValues) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Filling one opened form, kit-free (the desktop and phone pages share it): values, messages,
 * the IndexedDB autosave and its restore offer, server drafts, uploads, pickers and submit.
 */
export function useFormFill(form: OpenedForm | undefined, opts: FormFillOptions = {}) {
  const userId = useSession((st) => st.userInfo?.id ?? null);
  const signedIn = useSession((st) => !!st.token);
  const key = form ? localDraftKey(form.id, form.version, userId) : null;
  const start = useMemo(
    () => (form ? applyFormulas(form.schema, { ...form.defaults, ...(opts.initial ?? {}) }) : {}),
    [form, opts.initial],
  );

  const [values, setValues] = useState<FormValues>(start);
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [restorable, setRestorable] = useState<LocalDraft | null>(null);
  // Autosave waits until the restore question is settled, so typing never overwrites the old draft unasked.
  const [settled, setSettled] = useState(false);
  const [dirty, setDirty] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [savingDraft, setSavingDraft] = useState(false);
  const [draftId, setDraftId] = useState<number | undefined>(opts.draftId);

  // A newly opened form (or version) starts from its defaults at once, in the same render
  // (no frame of empty inputs), and then looks for a local draft.
  const [seed, setSeed] = useState(start);
  if (seed !== start) {
    setSeed(start);
    setValues(start);
    setErrors([]);
    setDirty(false);
    setRestorable(null);
    setSettled(false);
  }
  useEffect(() => {
    if (!key) return;
    let live = true;
    void readLocalDraft(key).then((d) => {
      if (!live) return;
      if (d && hasContent(d.values) && !sameValues(d.values, start)) setRestorable(d);
      else setSettled(true);
    });
    return () => {
      live = false;
    };
  }, [key, start]);

  useEffect(() => {
    if (!key || !settled || !dirty) return;
    const t = setTimeout(() => void writeLocalDraft(key, values), AUTOSAVE_DELAY_MS);
    return () => clearTimeout(t);
  }, [key, settled, dirty, values]);

  const restore = useCallback(() => {
    if (restorable) setValues({ ...start, ...restorable.values });
    setRestorable(null);
    setSettled(true);
  }, [restorable, start]);

  const discard = useCallback(() => {
    if (key) void clearLocalDraft(key);
    setRestorable(null);
    setSettled(true);
  }, [key]);

  const latest = useRef({ form, values, draftId, key });
  useEffect(() => {
    latest.current = { form, values, draftId, key };
  });

  // A field's messages go once its value changes: they described the old value.
  const change = useCallback((typed: FormValues) => {
    // Computed fields follow what is typed at once (the server computes them again on submit).
    const f = latest.current.form;
    const next = f ? applyFormulas(f.schema, typed) : typed;
    const before = latest.current.values;
    setErrors((errs) =>
      errs.length ? errs.filter((e) => sameValues({ v: next[e.field] }, { v: before[e.field] })) : errs,
    );
    latest.current = { ...latest.current, values: next };
    setValues(next);
    setDirty(true);
  }, []);

  /** Client check first (instant messages), then the server's (the one that counts). */
  const submit = useCallback(async (): Promise<SubmitOutcome> => {
    const { form: f, values: v, draftId: d, key: k } = latest.current;
    if (!f) return { ok: false, reason: 'failed', errors: [] };
    const checked = validateSubmission(f.schema, v);
    setErrors(checked.errors);
    if (checked.errors.length) return { ok: false, reason: 'invalid', errors: checked.errors };
    setSubmitting(true);
    try {
      const answer = (await submitForm({ formId: f.id, version: f.version, values: checked.values, draftId: d })).data;
      if (k) await clearLocalDraft(k);
      setDirty(false);
      return { ok: true, answer };
    } catch (e) {
      // The request layer has shown the message; field messages go beside their fields.
      const fields = serverFieldErrors(e) ?? [];
      setErrors(fields);
      return { ok: false, reason: fields.length ? 'refused' : 'failed', errors: fields };
    } finally {
      setSubmitting(false);
    }
  }, []);

  /** 保存草稿 (signed in): the values as they are (limits checked, nothing required), kept on the server. */
  const saveServerDraft = useCallback(async (): Promise<
    { ok: true; info: DraftInfo } | { ok: false; errors: FieldError[] }
  > => {
    const { form: f, values: v, draftId: d } = latest.current;
    if (!f) return { ok: false, errors: [] };
    const checked = validateSubmission(f.schema, v, { partial: true });
    setErrors(checked.errors);
    if (checked.errors.length) return { ok: false, errors: checked.errors };
    setSavingDraft(true);
    try {
      const info = (await saveDraft({ id: d, formId: f.id, version: f.version, values: checked.values })).data;
      setDraftId(info.id);
      return { ok: true, info };
    } catch (e) {
      const fields = serverFieldErrors(e) ?? [];
      setErrors(fields);
      return { ok: false, errors: fields };
    } finally {
      setSavingDraft(false);
    }
  }, []);

  const formId = form?.id;
  const version = form?.version;
  const upload = useMemo(
    () =>
      formId
        ? (fieldId: string, file: File): Promise<FileRef> =>
            uploadFormFile(formId, fieldId, file, file.name).then((r) => {
              rememberUpload(r.data, file);
              return r.data;
            })
        : undefined,
    [formId],
  );
  const pickers = useMemo<FormPickers | undefined>(
    () =>
      signedIn
        ? {
            searchUsers: (k, fieldId) =>
              formId
                ? pickUsers({ kind: 'formField', formId, version, fieldId }, k).then((r) => r.data)
                : Promise.resolve([]),
            departments: () => pickDepartments().then((r) => r.data),
          }
        : undefined,
    [signedIn, formId, version],
  );

  // Cross-field rules (end ≥ start, total ≤ budget, no past dates …) show live under their field.
  const live = useMemo(() => (form ? crossCheckErrors(form.schema, values) : []), [form, values]);
  const shown = useMemo(
    () => (live.length ? [...errors, ...live.filter((e) => !errors.some((x) => x.field === e.field))] : errors),
    [errors, live],
  );

  return {
    values,
    change,
    errors: shown,
    setErrors,
    restorable,
    restore,
    discard,
    submit,
    submitting,
    saveServerDraft,
    savingDraft,
    draftId,
    upload,
    pickers,
    signedIn,
  };
}
