/** A refusal that the dispatcher turns into an envelope with this status and errorCode. */
export class ApiError extends Error {
  readonly status: number;
  readonly errorCode: string;
  readonly params: Record<string, string | number>;
  readonly fieldErrors?: Record<string, string>;
  /** A `value` the refusal carries (e.g. whether a captcha is now needed). */
  readonly value?: unknown;
  /** Catalogue key of the message when it is not `errors:<errorCode>`. */
  readonly messageKey?: string;

  constructor(status: number, errorCode: string, params: Record<string, string | number> = {}, fieldErrors?: Record<string, string>, extra: { value?: unknown; messageKey?: string } = {}) {
    super(errorCode);
    this.status = status;
    this.errorCode = errorCode;
    this.params = params;
    this.fieldErrors = fieldErrors;
    this.value = extra.value;
    this.messageKey = extra.messageKey;
  }
}
