import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends one batch until the server answers it: retries with exponential backoff and full jitter on a lost
/// connection, a timeout, a 5xx; waits what Retry-After says on 429 and 503. A refusal that retrying cannot change
/// (400, 401, 403, 413) ends the attempts at once.
struct SyncUploader: Sendable {
    let configuration: HealthSyncConfiguration

    /// The server's reply to a batch (the fields HealthSync reads; docs/sync.md has them all).
    struct Reply: Decodable, Sendable {
        var batch: String
        var inserted: Int
        var duplicates: Int
        var deleted: Int
        var alreadyDeleted: Int
        var rejected: Int
        var conflicts: [Conflict]
        var problems: [Problem]

        struct Conflict: Decodable, Sendable {
            var index: Int
        }

        struct Problem: Decodable, Sendable {
            var list: String
            var index: Int
            var problem: String
        }
    }

    /// Why a batch was not acknowledged.
    enum Failure: Error, Sendable {
        /// The server refused it for good (a token revoked, a malformed batch): status and the problem's detail.
        case refused(status: Int, detail: String)
        /// No answer after the configured attempts; the batch stays in the outbox.
        case unreachable(String)
    }

    /// Sends a batch body, at most `attempts` times; returns the server's reply.
    func send(_ body: Data, attempts: Int) async throws -> Reply {
        var request = URLRequest(url: configuration.server.appendingPathComponent("v1/sync/batches"))
        request.httpMethod = "POST"
        request.httpBody = body
        request.timeoutInterval = configuration.requestTimeout
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("Bearer \(configuration.token)", forHTTPHeaderField: "Authorization")
        var lastProblem = "no attempt"
        var retryAfter: TimeInterval?
        for attempt in 0..<max(1, attempts) {
            if attempt > 0 { try await configuration.sleep(delay(attempt: attempt, retryAfter: retryAfter)) }
            retryAfter = nil
            let data: Data
            let response: HTTPURLResponse
            do {
                (data, response) = try await configuration.transport.send(request)
            } catch is CancellationError {
                throw CancellationError()
            } catch {
                lastProblem = "no reply (\(type(of: error)))"
                continue
            }
            switch response.statusCode {
            case 200:
                do { return try JSONDecoder().decode(Reply.self, from: data) } catch {
                    lastProblem = "a reply that is not a batch reply"
                    continue  // a reply cut short by a proxy: the batch is idempotent, send it again
                }
            case 429, 503:
                lastProblem = "HTTP \(response.statusCode)"
                retryAfter = response.value(forHTTPHeaderField: "Retry-After").flatMap(TimeInterval.init)
            case 500...599:
                lastProblem = "HTTP \(response.statusCode)"
            default:
                let detail =
                    (try? JSONSerialization.jsonObject(with: data) as? [String: Any])?["detail"] as? String ?? ""
                throw Failure.refused(status: response.statusCode, detail: detail)
            }
        }
        throw Failure.unreachable(lastProblem)
    }

    /// The wait before an attempt: Retry-After when the server said it, else full jitter over
    /// `initialRetryDelay · 2^(attempt−1)`, capped at `maximumRetryDelay`.
    func delay(attempt: Int, retryAfter: TimeInterval?) -> TimeInterval {
        if let retryAfter { return min(retryAfter, configuration.maximumRetryDelay) }
        let ceiling = min(
            configuration.maximumRetryDelay, configuration.initialRetryDelay * pow(2, Double(max(0, attempt - 1))))
        return ceiling * configuration.random()
    }
}
