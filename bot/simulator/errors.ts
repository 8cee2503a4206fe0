import type { ResponseParameters } from 'grammy/types';

/** The error half of a Bot API answer, exactly as Telegram serialises it. */
export interface ApiErrorBody {
  ok: false;
  error_code: number;
  description: string;
  parameters?: ResponseParameters;
}

/**
 * A Bot API method refusing a call. The HTTP layer answers it with `error_code` as the status and
 * {@link ApiErrorBody} as the body, so grammY turns it into the same `GrammyError` Telegram would cause.
 */
export class TelegramApiError extends Error {
  readonly errorCode: number;
  readonly description: string;
  readonly parameters?: ResponseParameters;

  constructor(
    errorCode: number,
    description: string,
    parameters?: ResponseParameters,
  ) {
    super(description);
    this.errorCode = errorCode;
    this.description = description;
    this.parameters = parameters;
    this.name = 'TelegramApiError';
  }

  /** The JSON body Telegram sends for this error. */
  toBody(): ApiErrorBody {
    return {
      ok: false,
      error_code: this.errorCode,
      description: this.description,
      ...(this.parameters ? { parameters: this.parameters } : {}),
    };
  }
}

/** Shorthand for Telegram's most common refusal, a 400 whose description starts with "Bad Request: ". */
export const badRequest = (reason: string) => new TelegramApiError(400, `Bad Request: ${reason}`);

/** Shorthand for a 403, whose description starts with "Forbidden: ". */
export const forbidden = (reason: string) => new TelegramApiError(403, `Forbidden: ${reason}`);

/**
 * A test or the console drove the simulator into a state Telegram could not be in (a message from an unknown
 * user, a button that is not on the message, …). The control API answers it as a 400 with this message.
 */
export class SimulatorError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SimulatorError';
  }
}
