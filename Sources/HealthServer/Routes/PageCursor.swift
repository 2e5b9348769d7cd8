import Crypto
import Foundation
import HealthCore

/// Where a page of samples in start order ended: the last start date and how many samples at exactly that date
/// were already returned. On the wire it is opaque and signed: base64url JSON, a dot, and an HMAC-SHA256 (first 16
/// bytes, base64url) over the JSON and the token it was given to, with a key of the server's registry. A cursor the
/// server did not give, or gave another token, is refused — so a client cannot make the server skip rows it never
/// paged past (issue 44: a forged skip of a million rows).
struct PageCursor: Sendable, Hashable {
    var after: Date
    var skip: Int

    init(after: Date, skip: Int) {
        self.after = after
        self.skip = skip
    }

    /// Reads a cursor this server gave to this token.
    /// - Throws: ``APIError`` 400 for anything else.
    init(text: String, key: SymmetricKey, token: String) throws(APIError) {
        let refused = APIError.badRequest("cursor is not one this server gave")
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard text.utf8.count <= 300, parts.count == 2, let payload = Self.decode(String(parts[0])),
            let mac = Self.decode(String(parts[1])),
            Self.code(payload, key: key, token: token).elementsEqual(mac),
            let object = try? JSONDecoder().decode([String: Double].self, from: payload),
            let after = object["a"], let skip = object["s"], after.isFinite, skip >= 0, skip < Double(Int.max / 2)
        else { throw refused }
        self.after = Date(timeIntervalSinceReferenceDate: after)
        self.skip = Int(skip)
    }

    /// The cursor as given to a token.
    func text(key: SymmetricKey, token: String) -> String {
        let json = JSONValue.object(["a": .number(after.timeIntervalSinceReferenceDate), "s": .number(Double(skip))])
        let payload = Data(json.encoded())
        return Base64URL.encode(Array(payload)) + "." + Base64URL.encode(Self.code(payload, key: key, token: token))
    }

    private static func code(_ payload: Data, key: SymmetricKey, token: String) -> [UInt8] {
        var message = Data("ohk.cursor.v1.\(token).".utf8)
        message.append(payload)
        return Array(Data(HMAC<SHA256>.authenticationCode(for: message, using: key)).prefix(16))
    }

    private static func decode(_ text: String) -> Data? {
        guard !text.isEmpty, text.utf8.allSatisfy(Base64URL.isAlphabet) else { return nil }
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64 += "=" }
        return Data(base64Encoded: base64)
    }
}
