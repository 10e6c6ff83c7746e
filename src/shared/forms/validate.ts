import type { FormSchema, FormValues } from './schema';

/** One refused value: the field, and for a sub-table the row (0-based) and column. */
export interface FieldError {
  field: string;
  row?: number;
  column?: string;
  message: string;
}

export interface ValidationResult {
  /** What is stored: hidden fields dropped, numbers normalised, text without emoji, setValue applied. */
  values: FormValues;
  errors: FieldError[];
}

export interface ValidateOptions {
  /** Drafts: check types and limits only; required fields may still be empty. */
  partial?: boolean;
}

// validateSubmission(schema, input, opts) and checkFormSchema(schema) are written by the form-engine work (issue 5).
export declare function validateSubmission(schema: FormSchema, input: FormValues, opts?: ValidateOptions): ValidationResult;
