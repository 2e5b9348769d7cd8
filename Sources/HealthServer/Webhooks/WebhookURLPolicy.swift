import Foundation
import NIOCore
import NIOPosix

#if canImport(Glibc)
import Glibc
#endif

/// Where webhooks may point: `http` or `https` URLs whose host resolves only to public addresses — no loopback,
/// link-local, private, shared (CGNAT), benchmarking, documentation, multicast, reserved or unspecified ones, and
/// no IPv6 form that carries such an IPv4 address (mapped, compatible, NAT64, 6to4) — unless the operator allows
/// private addresses or lists the host. Checked when a webhook is registered and again before every delivery,
/// which then connects to the very address that was checked (``Target/pinnedAddress``): a name re-pointed between
/// the check and the connection (DNS rebinding) changes nothing.
struct WebhookURLPolicy: Sendable {
    let allowPrivateAddresses: Bool
    let allowedHosts: Set<String>

    /// A URL that passed the policy, with the address a delivery must connect to.
    struct Target: Sendable, Hashable {
        /// The URL's host, as the URL spells it.
        var host: String
        /// The address checked for the host, to connect to instead of resolving it again; nil when the host is an
        /// address itself or an operator-allowed name (nothing to re-resolve).
        var pinnedAddress: String?
        /// The receiver: host and port, the key of per-receiver delivery bounds.
        var receiver: String
    }

    /// Why a URL may not be used, or nil when it may.
    func refusal(_ text: String) async -> String? {
        switch await check(text) {
        case .success: nil
        case .failure(let refusal): refusal.reason
        }
    }

    /// Why a URL was refused.
    struct Refusal: Error, Sendable {
        var reason: String
    }

    /// The URL's target, or why it may not be used.
    func check(_ text: String) async -> Result<Target, Refusal> {
        guard text.utf8.count <= 2_048, let url = URL(string: text), let scheme = url.scheme?.lowercased(),
            scheme == "http" || scheme == "https", let rawHost = url.host, !rawHost.isEmpty
        else { return .failure(Refusal(reason: "url must be an http or https URL with a host")) }
        if url.user != nil || url.password != nil { return .failure(Refusal(reason: "url must not carry credentials")) }
        let host = rawHost.lowercased()
        let port = url.port ?? (scheme == "https" ? 443 : 80)
        let receiver = "\(host):\(port)"
        if allowedHosts.contains(host) {
            return .success(Target(host: rawHost, pinnedAddress: nil, receiver: receiver))
        }
        let bare = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        let isLiteral = (try? SocketAddress(ipAddress: bare, port: port)) != nil
        let addresses = await Self.resolve(host, port: port)
        guard let first = addresses.first else { return .failure(Refusal(reason: "url's host does not resolve")) }
        if !allowPrivateAddresses, addresses.contains(where: Self.isPrivate) {
            return .failure(
                Refusal(
                    reason:
                        "url's host resolves to a loopback, link-local or private address, which the server does not call"
                ))
        }
        return .success(Target(host: rawHost, pinnedAddress: isLiteral ? nil : first.ipAddress, receiver: receiver))
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

    /// Whether an address is one a webhook may not reach: not a globally routable unicast address.
    static func isPrivate(_ address: SocketAddress) -> Bool {
        switch address {
        case .v4(let v4):
            return isPrivate(v4: UInt32(bigEndian: v4.address.sin_addr.s_addr))
        case .v6(let v6):
            return isPrivate(v6: withUnsafeBytes(of: v6.address.sin6_addr) { Array($0) })
        case .unixDomainSocket:
            return true
        }
    }

    /// IPv4: this network, private, loopback, CGNAT, link-local, IETF protocol assignments, documentation,
    /// benchmarking, multicast, reserved and broadcast (RFC 6890's special-purpose registry).
    static func isPrivate(v4 value: UInt32) -> Bool {
        let ranges: [(UInt32, Int)] = [
            (0x0000_0000, 8), (0x0A00_0000, 8), (0x6440_0000, 10), (0x7F00_0000, 8), (0xA9FE_0000, 16),
            (0xAC10_0000, 12), (0xC000_0000, 24), (0xC000_0200, 24), (0xC058_6300, 24), (0xC0A8_0000, 16),
            (0xC612_0000, 15), (0xC633_6400, 24), (0xCB00_7100, 24), (0xE000_0000, 3),
        ]
        return ranges.contains { base, length in value >> (32 - length) == base >> (32 - length) }
    }

    /// IPv6: unspecified, loopback, unique local, site-local (deprecated, still routed inside sites), link-local,
    /// multicast, documentation, discard, the local-use NAT64 prefix, and every form that embeds an IPv4 address
    /// (mapped `::ffff:a.b.c.d`, translated `::ffff:0:a.b.c.d`, compatible `::a.b.c.d`, NAT64 `64:ff9b::/96`, 6to4
    /// `2002::/16`, Teredo `2001::/32`) judged by the IPv4 address it carries.
    static func isPrivate(v6 bytes: [UInt8]) -> Bool {
        guard bytes.count == 16 else { return true }
        func v4(at offset: Int) -> UInt32 {
            UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8
                | UInt32(bytes[offset + 3])
        }
        let head = bytes[0..<10]
        if head.allSatisfy({ $0 == 0 }) {
            if bytes[10] == 0xFF && bytes[11] == 0xFF { return isPrivate(v4: v4(at: 12)) }  // ::ffff:a.b.c.d
            if bytes[10] == 0 && bytes[11] == 0 { return true }  // ::, ::1 and ::a.b.c.d (deprecated, never public)
        }
        if bytes[0..<8].allSatisfy({ $0 == 0 }) && bytes[8] == 0xFF && bytes[9] == 0xFF && bytes[10] == 0
            && bytes[11] == 0
        {
            return isPrivate(v4: v4(at: 12))  // ::ffff:0:a.b.c.d, IPv4-translated
        }
        if bytes[0] == 0xFC || bytes[0] == 0xFD { return true }  // fc00::/7
        if bytes[0] == 0xFE && bytes[1] & 0xC0 == 0x80 { return true }  // fe80::/10
        if bytes[0] == 0xFE && bytes[1] & 0xC0 == 0xC0 { return true }  // fec0::/10
        if bytes[0] == 0xFF { return true }  // multicast
        // 2001:db8::/32 and 3fff::/20, documentation; 2001:2::/48, benchmarking
        if bytes[0] == 0x20 && bytes[1] == 0x01 && bytes[2] == 0x0D && bytes[3] == 0xB8 { return true }
        if bytes[0] == 0x3F && bytes[1] & 0xF0 == 0xF0 { return true }
        if bytes[0] == 0x20 && bytes[1] == 0x01 && bytes[2] == 0x00 && bytes[3] == 0x02 && bytes[4] == 0
            && bytes[5] == 0
        {
            return true
        }
        if bytes[0] == 0x01 && bytes[1...7].allSatisfy({ $0 == 0 }) { return true }  // 100::/64 discard
        if bytes[0] == 0x00 && bytes[1] == 0x64 && bytes[2] == 0xFF && bytes[3] == 0x9B {
            if bytes[4] == 0 && bytes[5] == 1 { return true }  // 64:ff9b:1::/48, local-use NAT64
            if bytes[4..<12].allSatisfy({ $0 == 0 }) { return isPrivate(v4: v4(at: 12)) }  // 64:ff9b::/96
            return true
        }
        if bytes[0] == 0x20 && bytes[1] == 0x02 { return isPrivate(v4: v4(at: 2)) }  // 2002::/16, 6to4
        if bytes[0] == 0x20 && bytes[1] == 0x01 && bytes[2] == 0 && bytes[3] == 0 {  // 2001::/32, Teredo
            return isPrivate(v4: ~v4(at: 12))
        }
        return false
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
