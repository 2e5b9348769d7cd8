import Foundation

/// Prints rows as an aligned table, CSV or JSON (an array of objects keyed by the column names). In JSON the
/// numeric columns are JSON numbers (an empty cell is null), so a script reads them without parsing text.
struct TableWriter {
    var columns: [String]
    var numeric: Set<String>
    var rows: [[String]] = []

    init(columns: [String], numeric: Set<String> = []) {
        self.columns = columns
        self.numeric = numeric
    }

    mutating func append(_ row: [String]) { rows.append(row) }

    func render(_ format: OutputFormat) -> String {
        switch format {
        case .table: return renderTable()
        case .csv:
            return ([columns] + rows).map { $0.map(Self.csvField).joined(separator: ",") }.joined(separator: "\n")
        case .json: return renderJSON()
        }
    }

    private func renderTable() -> String {
        var widths = columns.map(\.count)
        for row in rows {
            for (index, cell) in row.enumerated() where index < widths.count {
                widths[index] = max(widths[index], cell.count)
            }
        }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { index, cell in
                cell.padding(toLength: widths[index], withPad: " ", startingAt: 0)
            }.joined(separator: "  ").trimmingCharacters(in: .whitespaces)
        }
        return ([line(columns)] + rows.map(line)).joined(separator: "\n")
    }

    private func renderJSON() -> String {
        let objects = rows.map { row in
            Dictionary(
                uniqueKeysWithValues: zip(columns, row).map { column, cell in
                    (column, numeric.contains(column) ? Cell.number(cell) : .text(cell))
                })
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        guard let data = try? encoder.encode(objects), let text = String(data: data, encoding: .utf8) else {
            return "[]"
        }
        return text
    }

    /// A JSON cell: text, a number, or null (an empty or non-finite numeric cell).
    enum Cell: Encodable {
        case text(String)
        case value(Double)
        case null

        static func number(_ text: String) -> Cell {
            guard let value = Double(text), value.isFinite else { return .null }
            return .value(value)
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .text(let text): try container.encode(text)
            case .value(let value): try container.encode(value)
            case .null: try container.encodeNil()
            }
        }
    }

    private static func csvField(_ field: String) -> String {
        guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" }) else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
