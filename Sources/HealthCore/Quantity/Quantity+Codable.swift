extension Quantity: Codable {
    private enum CodingKeys: String, CodingKey {
        case unit
        case doubleValue
    }

    /// Decodes `{"unit": "<unit string>", "doubleValue": <number>}`.
    ///
    /// - Throws: `DecodingError` when a key is missing or the unit string does not parse.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            unit: try container.decode(HealthUnit.self, forKey: .unit),
            doubleValue: try container.decode(Double.self, forKey: .doubleValue))
    }

    /// Encodes `{"unit": "<canonical unit string>", "doubleValue": <number>}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(unit, forKey: .unit)
        try container.encode(value, forKey: .doubleValue)
    }
}
