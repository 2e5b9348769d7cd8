import Crypto
public import Foundation

/// A bearer token: `ohk_` and 43 characters of base64url, 256 random bits. Only its SHA-256 is stored.
public struct AccessToken: Sendable, Hashable, CustomStringConvertible {
    /// The token as the client sends it.
    public let value: String

    /// A new token from 32 random bytes.
    public static func generate(_ random: (Int) -> [UInt8]) -> AccessToken {
        AccessToken(value: "ohk_" + Base64URL.encode(random(32)))
    }

    /// A token as presented; nil when it is not shaped like one (so a malformed token is refused before any
    /// lookup).
    public init?(presented: String) {
        guard presented.hasPrefix("ohk_"), presented.utf8.count == 47,
            presented.utf8.dropFirst(4).allSatisfy(Base64URL.isAlphabet)
        else { return nil }
        value = presented
    }

    private init(value: String) { self.value = value }

    /// The SHA-256 of the token, hex: the key it is stored under.
    public var hash: String { Self.hex(SHA256.hash(data: Data(value.utf8))) }

    /// Never the token itself: `ohk_…` and the hash's first 8 characters.
    public var description: String { "ohk_…\(hash.prefix(8))" }

    static func hex(_ digest: some Sequence<UInt8>) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var bytes: [UInt8] = []
        for byte in digest {
            bytes.append(digits[Int(byte >> 4)])
            bytes.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Compares two strings in time that depends only on their lengths.
    static func constantTimeEqual(_ lhs: String, _ rhs: String) -> Bool {
        let left = Array(lhs.utf8)
        let right = Array(rhs.utf8)
        guard left.count == right.count else { return false }
        var difference: UInt8 = 0
        for index in left.indices { difference |= left[index] ^ right[index] }
        return difference == 0
    }
}

/// What the server knows of a token: whose it is, which app it speaks for, and whether it still works.
public struct TokenRecord: Sendable, Hashable, Codable {
    /// The token's SHA-256, hex.
    public var hash: String
    /// The person it belongs to.
    public var person: String
    /// The app's bundle identifier; nil for the person's own token (full access).
    public var app: String?
    /// The app's display name.
    public var appName: String?
    /// A label for the person's own list.
    public var label: String?
    /// When it was issued.
    public var created: Date
    /// When it was revoked; a revoked token is refused.
    public var revoked: Date?
    /// The device a mirror token speaks for (`issue-token --mirror DEVICE`): it syncs that device's HealthKit store
    /// into the person's through `/v1/sync` and reaches nothing else (decision 0031). Nil for owner and app tokens.
    public var mirror: String?

    /// Creates a record.
    public init(
        hash: String, person: String, app: String?, appName: String?, label: String?, created: Date,
        revoked: Date? = nil, mirror: String? = nil
    ) {
        self.mirror = mirror
        self.hash = hash
        self.person = person
        self.app = app
        self.appName = appName
        self.label = label
        self.created = created
        self.revoked = revoked
    }
}

/// base64url without padding (RFC 4648 §5).
enum Base64URL {
    static func encode(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }

    static func isAlphabet(_ byte: UInt8) -> Bool {
        (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte)
            || byte == 0x2D || byte == 0x5F
    }
}
