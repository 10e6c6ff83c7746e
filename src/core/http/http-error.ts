/** A call that did not succeed: a non-ok answer (status > 0) or a transport failure (status 0). */
export class HttpError extends Error {
  code: string | number;
  status: number;
  data: unknown;

  constructor(message: string, code: string | number, status: number, data: unknown = null) {
    super(message);
    this.name = 'HttpError';
    this.code = code;
    this.status = status;
    this.data = data;
  }
}

/** Codes of failures where no answer arrived. */
export const TRANSPORT_CODES = { network: 'NETWORK_ERROR', timeout: 'TIMEOUT', canceled: 'CANCELED' } as const;
