import { Code, ConnectError } from "@connectrpc/connect";
import { ErrorInfoSchema } from "./gen/google/rpc/error_details_pb.js";

/** The `google.rpc.ErrorInfo` domain of every error the server returns. */
export const DOMAIN = "tabula.v1";

/** A canonical gRPC code by its name (`FAILED_PRECONDITION`), as the other clients print it. */
export function codeName(code: Code): string {
  if (code === Code.Canceled) return "CANCELLED";
  return Code[code].replace(/([a-z])([A-Z])/g, "$1_$2").toUpperCase();
}

/**
 * A failed call. `code` is the gRPC code (`Code.FailedPrecondition`; by name in `codeName`),
 * `reason` the server's stable ErrorInfo reason (`NOT_YOUR_TURN`, ...), or "" when the failure
 * came from below the service (a dropped connection, a deadline), `message` exactly the
 * server's status message, and `metadata` the ErrorInfo's metadata (`current_seq`, ...).
 */
export class TabulaError extends Error {
  override readonly name = "TabulaError";

  constructor(
    readonly code: Code,
    message: string,
    readonly reason: string = "",
    readonly metadata: Readonly<Record<string, string>> = {},
    readonly domain: string = "",
    options?: { cause?: unknown },
  ) {
    super(message, options);
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
  if (info === undefined) return new TabulaError(error.code, error.rawMessage, "", {}, "", { cause: thrown });
  return new TabulaError(error.code, error.rawMessage, info.reason, { ...info.metadata }, info.domain, { cause: thrown });
}
