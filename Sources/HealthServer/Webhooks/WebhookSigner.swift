import Crypto
import Foundation

/// Standard Webhooks signatures (https://www.standardwebhooks.com): `webhook-id`, `webhook-timestamp` (Unix
/// seconds) and `webhook-signature: v1,<base64 HMAC-SHA256 of "id.timestamp.body">` with the webhook's secret
/// (`whsec_` and base64 key bytes).
enum WebhookSigner {
    /// A new secret: 32 random bytes.
    static func newSecret(_ random: (Int) -> [UInt8]) -> String {
        "whsec_" + Data(random(32)).base64EncodedString()
    }

    /// The signature header's value for a delivery.
    static func signature(secret: String, id: String, timestamp: Int, body: Data) -> String? {
        guard secret.hasPrefix("whsec_"), let key = Data(base64Encoded: String(secret.dropFirst(6))) else {
            return nil
        }
        var message = Data("\(id).\(timestamp).".utf8)
        message.append(body)
        let mac = HMAC<SHA256>.authenticationCode(for: message, using: SymmetricKey(data: key))
        return "v1," + Data(mac).base64EncodedString()
    }
}
