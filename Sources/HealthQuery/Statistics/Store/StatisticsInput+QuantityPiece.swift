public import HealthStorage

extension StatisticsInput {
    /// The engine's input for a piece read from storage (``SampleStorage/quantityPieces(matching:canonicalUnit:)``).
    public init(piece: QuantityPiece) {
        self.init(
            sourceBundleIdentifier: piece.sourceBundleIdentifier, start: piece.start, end: piece.end,
            value: piece.value, uuid: piece.uuid, seriesIndex: piece.seriesIndex)
    }
}
