public import Foundation

/// One broken rule: which rule, which sample (batch index, UUID, type) and where inside it — never a value.
///
/// ```swift
/// issue.description
/// // "sample 2 (5E1F…, HKQuantityTypeIdentifierStepCount): maximumDuration: longer than the type's maximum of 345600 s"
/// ```
public struct ValidationIssue: Sendable, Hashable, CustomStringConvertible {
    /// The rule broken.
    public var rule: ValidationRule
    /// The sample's index in the batch being validated, if it was validated as part of one.
    public var index: Int?
    /// The sample's UUID.
    public var uuid: UUID
    /// The sample's type identifier.
    public var typeIdentifier: String
    /// Where inside the sample, e.g. `"member 1"`, `"event 3"`, `"metadata HKTimeZone"`; nil for the sample.
    public var path: String?
    /// What is wrong, in words that name no health value.
    public var message: String

    /// Creates an issue.
    public init(
        rule: ValidationRule,
        index: Int?,
        uuid: UUID,
        typeIdentifier: String,
        path: String? = nil,
        message: String
    ) {
        self.rule = rule
        self.index = index
        self.uuid = uuid
        self.typeIdentifier = typeIdentifier
        self.path = path
        self.message = message
    }

    /// `sample <index> (<uuid>, <type>)[ <path>]: <rule>: <message>`.
    public var description: String {
        let which = index.map { "sample \($0)" } ?? "sample"
        let inside = path.map { " \($0)" } ?? ""
        return "\(which) (\(uuid.uuidString), \(typeIdentifier))\(inside): \(rule): \(message)"
    }
}

/// A batch or sample that failed validation, with every issue found. Nothing of it may be written.
public struct ValidationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The issues, in batch order.
    public var issues: [ValidationIssue]

    /// Creates an error from its issues.
    public init(issues: [ValidationIssue]) { self.issues = issues }

    /// The first issue, then a count of the others.
    public var description: String {
        guard let first = issues.first else { return "validation failed" }
        let more = issues.count > 1 ? " (and \(issues.count - 1) more)" : ""
        return "invalid \(first)\(more)"
    }
}
