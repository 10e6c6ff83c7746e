/**
 * A password form's password once it opened the form (unlock/), kept in memory for this page's
 * life only: submit/ and upload/ send it again in the x-form-password header, and the server
 * checks it each time. Never stored on disk.
 */
const passwords = new Map<number, string>();

export const rememberFormPassword = (formId: number, password: string) => void passwords.set(formId, password);

export const formPasswordOf = (formId: number): string | undefined => passwords.get(formId);
