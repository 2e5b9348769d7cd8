/// Parses `ohk … --format csv` output (no quoted commas in the columns the tests read).
struct CSVRows {
    var header: [String]
    var rows: [[String]]

    init(_ text: String) {
        let lines = text.split(separator: "\n").map(String.init)
        header = lines.first.map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) } ?? []
        rows = lines.dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
    }

    /// The values of a column by name.
    func column(_ name: String) -> [String] {
        guard let index = header.firstIndex(of: name) else { return [] }
        return rows.map { index < $0.count ? $0[index] : "" }
    }

    /// `first column → last column as a number` (the shape of `ohk stats` rows for cumulative types).
    var lastValueByFirstColumn: [String: Double] {
        Dictionary(rows.compactMap { row in row.last.flatMap(Double.init).map { (row[0], $0) } }) { first, _ in first }
    }
}
