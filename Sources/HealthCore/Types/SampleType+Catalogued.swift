extension SampleType {
    /// The catalog's own value for a catalogued identifier (``init(identifier:)``'s for any other): equal to
    /// `SampleType(identifier:)`, and cheaper to share.
    ///
    /// A catalogued type's identifier is a string constant of the binary, which Swift copies without reference
    /// counting; an identifier read from a file is a heap string, retained and released by every copy of every
    /// sample that holds it. An importer's parsing and writing threads copy the same samples at the same time, so
    /// those atomic updates of one shared count contend. Readers of files (the export's parser) use this.
    public static func catalogued(identifier: String) -> SampleType {
        catalogue[identifier] ?? SampleType(identifier: identifier)
    }

    private static let catalogue: [String: SampleType] = Dictionary(
        TypeNames.allTypes.map { ($0.identifier, $0) }, uniquingKeysWith: { first, _ in first })
}
