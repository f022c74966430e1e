// The errors of a call: one base class, a subclass per family. The one list of them: the
// runtime's entry and the client's both export this module whole.
export { ApiError, type ApiErrorInit, type ClientErrorCode, type ErrorDetail } from "./api-error.js";
export {
  AuthenticationError,
  ConflictError,
  ConnectionError,
  GoneError,
  InvalidResponseError,
  NotFoundError,
  PermissionError,
  RateLimitError,
  RequestTimeoutError,
  RequestValidationError,
  ServerError,
  StreamError,
  ValidationError,
} from "./error-families.js";
