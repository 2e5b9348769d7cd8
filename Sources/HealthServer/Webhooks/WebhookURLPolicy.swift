import Foundation
import NIOCore
import NIOPosix

#if canImport(Glibc)
import Glibc
#endif

/// Where webhooks may point: `http` or `https` URLs whose host resolves only to public addresses — no loopback,
/// link-local, private, shared (CGNAT), multicast or unspecified ones — unless the operator allows private
/// addresses or lists the host. Checked when a webhook is registered and again before every delivery (a name
/// can be re-pointed), so a token holder cannot make the server call into its own network.
struct WebhookURLPolicy: Sendable {
    let allowPrivateAddresses: Bool
    let allowedHosts: Set<String>

    /// Why a URL may not be used, or nil when it may.
    func refusal(_ text: String) async -> String? {
        guard text.utf8.count <= 2_048, let url = URL(string: text), let scheme = url.scheme?.lowercased(),
            scheme == "http" || scheme == "https", let host = url.host, !host.isEmpty
        else { return "url must be an http or https URL with a host" }
        if url.user != nil || url.password != nil { return "url must not carry credentials" }
        if allowedHosts.contains(host.lowercased()) { return nil }
        let addresses = await Self.resolve(host, port: url.port ?? (scheme == "https" ? 443 : 80))
        guard !addresses.isEmpty else { return "url's host does not resolve" }
        if !allowPrivateAddresses, addresses.contains(where: Self.isPrivate) {
            return "url's host resolves to a loopback, link-local or private address, which the server does not call"
        }
        return nil
    }

    /// The host's addresses, resolved on NIO's blocking-work pool (getaddrinfo blocks).
    static func resolve(_ host: String, port: Int) async -> [SocketAddress] {
        if let literal = try? SocketAddress(
            ipAddress: host.trimmingCharacters(in: CharacterSet(charactersIn: "[]")), port: port)
        {
            return [literal]
        }
        return (try? await NIOThreadPool.singleton.runIfActive { try SocketAddress.resolveAll(host: host, port: port) })
            ?? []
    }

    /// Whether an address is loopback, link-local, private, shared, multicast or unspecified.
    static func isPrivate(_ address: SocketAddress) -> Bool {
        switch address {
        case .v4(let v4):
            let value = UInt32(bigEndian: v4.address.sin_addr.s_addr)
            let first = value >> 24
            let second = (value >> 16) & 0xFF
            return first == 0 || first == 10 || first == 127 || first >= 224
                || (first == 169 && second == 254) || (first == 172 && (16...31).contains(second))
                || (first == 192 && second == 168) || (first == 100 && (64...127).contains(second))
        case .v6(let v6):
            let bytes = withUnsafeBytes(of: v6.address.sin6_addr) { Array($0) }
            if bytes.allSatisfy({ $0 == 0 }) { return true }  // ::
            if bytes.dropLast().allSatisfy({ $0 == 0 }) && bytes.last == 1 { return true }  // ::1
            if bytes[0] & 0xFE == 0xFC { return true }  // fc00::/7
            if bytes[0] == 0xFE && bytes[1] & 0xC0 == 0x80 { return true }  // fe80::/10
            if bytes[0] == 0xFF { return true }  // multicast
            if bytes[0..<10].allSatisfy({ $0 == 0 }) && bytes[10] == 0xFF && bytes[11] == 0xFF {
                // ::ffff:a.b.c.d
                let v4 = UInt32(bytes[12]) << 24 | UInt32(bytes[13]) << 16 | UInt32(bytes[14]) << 8 | UInt32(bytes[15])
                var mapped = sockaddr_in()
                mapped.sin_addr.s_addr = v4.bigEndian
                return isPrivate(SocketAddress(mapped, host: ""))
            }
            return false
        case .unixDomainSocket:
            return true
        }
    }
}

extension SocketAddress {
    /// Every address of a host (IPv4 and IPv6).
    static func resolveAll(host: String, port: Int) throws -> [SocketAddress] {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var result: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &result) == 0, let first = result else { return [] }
        defer { freeaddrinfo(first) }
        var addresses: [SocketAddress] = []
        var cursor: UnsafeMutablePointer<addrinfo>? = first
        while let info = cursor {
            if let raw = info.pointee.ai_addr {
                switch Int32(info.pointee.ai_family) {
                case AF_INET:
                    raw.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
                        addresses.append(SocketAddress($0.pointee, host: host))
                    }
                case AF_INET6:
                    raw.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
                        addresses.append(SocketAddress($0.pointee, host: host))
                    }
                default:
                    break
                }
            }
            cursor = info.pointee.ai_next
        }
        return addresses
    }
}
