import Foundation
public import HTTPTypes
import HealthExport
import HealthQuery
import HealthRuntime
public import Hummingbird
import Logging
import NIOCore

/// An error answered as `application/problem+json` (RFC 9457): a type URI, a title, the status, a detail naming
/// what and where (a field, an index, a rule) — never a health value — and HealthKit's error code when there is one.
public struct APIError: Error, HTTPResponseError, Sendable, CustomStringConvertible {
    /// The HTTP status.
    public var status: HTTPResponse.Status
    /// A short, stable name of the problem (the last part of its type URI).
    public var problem: String
    /// What went wrong, in words.
    public var detail: String
    /// HealthKit's error code (`HKError.Code`), when the engine refused.
    public var healthKitCode: Int?
    /// Extra headers (`Retry-After`, `WWW-Authenticate`).
    public var headers: HTTPFields = [:]
    /// What the server's log says instead of ``detail``, when the client is told less (where a database is).
    var logDetail: String?

    /// Creates an error.
    public init(_ status: HTTPResponse.Status, _ problem: String, _ detail: String, healthKitCode: Int? = nil) {
        self.status = status
        self.problem = problem
        self.detail = detail
        self.healthKitCode = healthKitCode
    }

    /// 400: a request that does not make sense.
    public static func badRequest(_ detail: String) -> APIError { APIError(.badRequest, "bad-request", detail) }
    /// 401: no usable token (the detail never says which of missing, malformed, unknown or revoked).
    public static func unauthorized(_ detail: String) -> APIError {
        var error = APIError(.unauthorized, "unauthorized", detail)
        error.headers[.wwwAuthenticate] = "Bearer"
        return error
    }
    /// 403: the token may not do this.
    public static func forbidden(_ detail: String, healthKitCode: Int? = nil) -> APIError {
        APIError(.forbidden, "forbidden", detail, healthKitCode: healthKitCode)
    }
    /// 404.
    public static func notFound(_ detail: String) -> APIError { APIError(.notFound, "not-found", detail) }
    /// 503 with Retry-After: the person's store (or the server's registry) cannot be reached for now — a database
    /// that went away, a connection that closed, a pool that stayed busy. The client is told to retry; the log
    /// keeps what happened (never a value), the answer does not say where the database is.
    static func storeUnavailable(_ logged: String, healthKitCode: Int? = nil) -> APIError {
        var error = APIError(
            .serviceUnavailable, "store-unavailable",
            "the store is unavailable for now; retry after Retry-After seconds",
            healthKitCode: healthKitCode)
        error.headers[.retryAfter] = String(retryAfterUnavailable)
        error.logDetail = logged
        return error
    }
    /// Seconds a client is told to wait after ``storeUnavailable(_:healthKitCode:)``.
    static let retryAfterUnavailable = 2

    /// The problem document's `type`.
    public var typeURI: String { "https://openhealthkit.org/problems/\(problem)" }

    /// `status problem: detail`.
    public var description: String { "\(status.code) \(problem): \(detail)" }

    /// The problem document.
    public func response(from request: Request, context: some RequestContext) throws -> Response {
        var document: [String: JSONValue] = [
            "type": .string(typeURI), "title": .string(status.reasonPhrase), "status": .number(Double(status.code)),
            "detail": .string(detail), "instance": .string(request.uri.path),
        ]
        if let healthKitCode { document["code"] = .number(Double(healthKitCode)) }
        var headers = headers
        headers[.contentType] = "application/problem+json"
        return Response(
            status: status, headers: headers,
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: JSONValue.object(document).encoded())))
    }

    /// The problem for any error a route throws: typed errors keep their meaning; anything unexpected is a 500
    /// that names only the error's type.
    public static func from(_ error: any Error) -> APIError {
        switch error {
        case let error as APIError:
            return error
        case let error as HealthError:
            return fromHealth(error)
        case let error as RegistryError:
            return .badRequest(error.message)
        case let error as RuntimeError:
            return .storeUnavailable(error.message)
        case let error as ExportError:
            return APIError(.unprocessableContent, "bad-export", error.description)
        case let error as HTTPError:
            return APIError(error.status, "http", error.body ?? error.status.reasonPhrase)
        case is CancellationError:
            var cancelled = APIError(
                .serviceUnavailable, "cancelled", "the request was cancelled (the server is stopping)")
            cancelled.headers[.retryAfter] = String(retryAfterUnavailable)
            return cancelled
        default:
            return APIError(.internalServerError, "internal", "an unexpected \(type(of: error))")
        }
    }

    static func fromHealth(_ error: HealthError) -> APIError {
        let code = error.code.rawValue
        switch error.code {
        case .authorizationDenied, .authorizationNotDetermined, .requiredAuthorizationDenied:
            return .forbidden(error.message, healthKitCode: code)
        case .invalidArgument:
            return APIError(.badRequest, "invalid-argument", error.message, healthKitCode: code)
        case .noData:
            return APIError(.notFound, "no-data", error.message, healthKitCode: code)
        case .databaseInaccessible:
            return .storeUnavailable(error.message, healthKitCode: code)
        default:
            return APIError(.badRequest, "healthkit-\(code)", error.message, healthKitCode: code)
        }
    }
}

/// Turns every error a route throws into a problem document, and logs it with the request id (never a body).
struct ProblemMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch {
            let problem = APIError.from(error)
            if problem.status.code >= 500 {
                context.logger.error(
                    "request failed",
                    metadata: ["problem": "\(problem.problem)", "detail": "\(problem.logDetail ?? problem.detail)"])
            } else {
                context.logger.debug(
                    "request refused", metadata: ["status": "\(problem.status.code)", "problem": "\(problem.problem)"])
            }
            return try problem.response(from: request, context: context)
        }
    }
}
