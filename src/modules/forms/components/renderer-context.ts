import { createContext, useContext } from 'react';
import type { FileRef } from '@/shared/forms/schema';
import type { FormPickers } from './renderer-props';

/** What every field of one rendered form shares; one stable object, so memoised fields skip re-renders. */
export interface RendererContextValue {
  /** Prefix of input ids: two forms on one page never share an id. */
  idPrefix: string;
  readOnly: boolean;
  upload?: (fieldId: string, file: File) => Promise<FileRef>;
  pickers?: FormPickers;
}

export const RendererContext = createContext<RendererContextValue>({ idPrefix: 'form', readOnly: false });
export const useRenderer = () => useContext(RendererContext);
