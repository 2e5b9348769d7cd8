import Foundation

/// The dashboard's own stylesheet and script (Resources/dashboard), read once.
enum DashboardAssets {
    struct Asset: Sendable {
        var bytes: [UInt8]
        var contentType: String
    }

    static let assets: [String: Asset] = {
        var assets: [String: Asset] = [:]
        for (name, type) in [
            ("dashboard.css", "text/css; charset=utf-8"), ("dashboard.js", "text/javascript; charset=utf-8"),
        ] {
            let parts = name.split(separator: ".")
            if let url = Bundle.module.url(
                forResource: String(parts[0]), withExtension: String(parts[1]), subdirectory: "dashboard"),
                let data = try? Data(contentsOf: url)
            {
                assets[name] = Asset(bytes: [UInt8](data), contentType: type)
            }
        }
        return assets
    }()

    static func asset(named name: String) -> Asset? { assets[name] }
}
