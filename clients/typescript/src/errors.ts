import { Code, ConnectError } from "@connectrpc/connect";
import { BadRequestSchema, ErrorInfoSchema } from "./gen/google/rpc/error_details_pb.js";
import { ErrorReason, ErrorReasonSchema } from "./gen/tabula/v1/error_pb.js";

/** The `google.rpc.ErrorInfo` domain of every error the server returns. */
export const DOMAIN = "tabula.v1";

/** A canonical gRPC code by its name (`FAILED_PRECONDITION`), as the other clients print it. */
export function codeName(code: Code): string {
  if (code === Code.Canceled) return "CANCELLED";
  return Code[code].replace(/([a-z])([A-Z])/g, "$1_$2").toUpperCase();
}

/**
 * One problem of a refused request, from its `google.rpc.BadRequest`: the `field` at fault, by
 * its path in the request as the proto names it (`config.starter`, `labels[Stage]`,
 * `requests[1].preset`), and a `description` of what is wrong with it.
 */
export interface FieldViolation {
  readonly field: string;
  readonly description: string;
}

/** The reason named `reason` (`NOT_YOUR_TURN`), or `ErrorReason.UNSPECIFIED` for one this client does not know. */
export function errorReasonOf(reason: string): ErrorReason {
  const value = ErrorReasonSchema.values.find((v) => v.localName === reason);
  return value === undefined ? ErrorReason.UNSPECIFIED : (value.number as ErrorReason);
}

/**
 * A failed call. `code` is the gRPC code (`Code.FailedPrecondition`; by name in `codeName`),
 * `reason` the server's stable ErrorInfo reason (`NOT_YOUR_TURN`, ...), or "" when the failure
 * came from below the service (a dropped connection, a deadline), and `errorReason` the same
 * as an `ErrorReason` value to compare and switch on; `message` exactly the server's status
 * message, `metadata` the ErrorInfo's metadata (`current_seq`, ...), and `fieldViolations`
 * the problems a `google.rpc.BadRequest` names, one per field at fault.
 */
export class TabulaError extends Error {
  override readonly name = "TabulaError";
  /**
   * The fields at fault and what is wrong with each, from the error's `google.rpc.BadRequest`
   * (INVALID_REQUEST, INVALID_CONFIG, ...); empty when it carries none.
   */
  readonly fieldViolations: readonly FieldViolation[];

  constructor(
    readonly code: Code,
    message: string,
    readonly reason: string = "",
    readonly metadata: Readonly<Record<string, string>> = {},
    readonly domain: string = "",
    options?: { cause?: unknown; fieldViolations?: readonly FieldViolation[] },
  ) {
    super(message, options);
    this.fieldViolations = options?.fieldViolations ?? [];
  }

  /**
   * The reason as a value of the `ErrorReason` enum (`ErrorReason.NOT_YOUR_TURN`), generated
   * from the contract's error.proto: `ErrorReason.UNSPECIFIED` when there is none (a failure
   * below the service, one this client made, such as `SEQ_GAP`, or another domain's) or the
   * server sent one this client version does not know; `reason` still names it then.
   */
  get errorReason(): ErrorReason {
    if (this.domain !== "" && this.domain !== DOMAIN) return ErrorReason.UNSPECIFIED;
    return errorReasonOf(this.reason);
  }

  /** The gRPC code by name, for example `FAILED_PRECONDITION`. */
  get codeName(): string {
    return codeName(this.code);
  }

  /** `TabulaError: FAILED_PRECONDITION NOT_YOUR_TURN: <message>`. */
  override toString(): string {
    return `${this.name}: ${this.codeName}${this.reason ? ` ${this.reason}` : ""}: ${this.message}`;
  }
}

/** Turns whatever a call threw into a TabulaError, decoding the status details it carries. */
export function toTabulaError(thrown: unknown): TabulaError {
  if (thrown instanceof TabulaError) return thrown;
  const error = ConnectError.from(thrown);
  const [info] = error.findDetails(ErrorInfoSchema);
  const options = { cause: thrown, fieldViolations: fieldViolations(error) };
  if (info === undefined) return new TabulaError(error.code, error.rawMessage, "", {}, "", options);
  return new TabulaError(error.code, error.rawMessage, info.reason, { ...info.metadata }, info.domain, options);
}

/** The field violations of the error's `google.rpc.BadRequest` details, in the server's order. */
function fieldViolations(error: ConnectError): FieldViolation[] {
  return error
    .findDetails(BadRequestSchema)
    .flatMap((details) => details.fieldViolations)
    .map(({ field, description }) => ({ field, description }));
}
