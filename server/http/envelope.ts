/** The `{code, message, data}` envelope and the typed refusals that map onto it (DESIGN.md section 5). */
import { Code, Message, type ValidationErrors } from '../../core/codes.js';

export const ok = <T>(data: T) => ({ code: Code.ok, message: Message.ok, data });

/** The envelope as JSON text, for answers kept and sent to many as they are. */
export const okText = <T>(data: T) => JSON.stringify(ok(data));

/** Envelope text (`okText`) of an object answer with one more field at the end of its data. */
export function withDataField(text: string, name: string, value: number) {
  const head = text.slice(0, -2); // without the closing braces of the data and of the envelope
  return `${head}${head.endsWith('{') ? '' : ','}${JSON.stringify(name)}:${value}}}`;
}

/** A refusal the buyer is told about: HTTP status and envelope code chosen by the error handler. */
export class AppError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly httpStatus = 200,
    readonly data: unknown = null,
  ) {
    super(message);
  }
}

/** Business refusal: HTTP 200 with a code 400-499 and a Chinese message (温馨提示 in the browser). */
export const refuse = (message: string, code: number = Code.refused) => new AppError(code, message);

/** 422 on one field, as if the schema had refused it. */
export const invalid = (field: string, message: string) => invalidFields({ [field]: [message] });

export const invalidFields = (errors: ValidationErrors) => new AppError(Code.invalid, Object.values(errors)[0]?.[0] ?? Message.badBody, 422, { errors });

export const notFound = (message: string = Message.notFound) => new AppError(Code.notFound, message, 404);

export const unauthenticated = () => new AppError(Code.unauthenticated, Message.unauthenticated, 401);
