import Foundation

/// The one validation path every writer uses (reference §3.2).
///
/// ```swift
/// try SampleValidator.validate(batch)   // throws ValidationError naming each bad sample, never its values
/// ```
///
/// Rules: start ≤ end; dates not before the earliest permitted date; finite values; units compatible with the
/// type; no negative values where the type forbids them; the type's maximum duration; valid category values;
/// correlation members of the right types; workout events in order and inside the workout; reserved
/// metadata of the right kind, sync keys in pairs, required metadata present. Types HealthCore does not
/// know (from newer exports) are checked only by the rules that need no catalog entry.
public enum SampleValidator {
    /// Validates a batch; throws every issue found, so nothing of the batch is written.
    /// - Throws: ``ValidationError`` listing each broken rule with the sample's index, UUID and type.
    public static func validate(
        _ samples: [AnySample],
        options: ValidationOptions = .default
    ) throws(ValidationError) {
        var issues: [ValidationIssue] = []
        for (index, sample) in samples.enumerated() {
            issues += self.issues(in: sample, index: index, options: options)
        }
        if !issues.isEmpty { throw ValidationError(issues: issues) }
    }

    /// The issues of one sample.
    /// - Parameters:
    ///   - sample: The sample.
    ///   - index: Its index in a batch, reported in the issues.
    ///   - options: Store-dependent settings.
    public static func issues(
        in sample: AnySample,
        index: Int? = nil,
        options: ValidationOptions = .default
    ) -> [ValidationIssue] {
        var memo = QuantityMemo()
        return issues(in: sample, index: index, options: options, memo: &memo)
    }

    /// The issues of one sample, reusing (and updating) what the previous sample's type and unit gave: a caller
    /// checking many samples in a row keeps one `memo` across them. The issues are those of
    /// ``issues(in:index:options:)``.
    package static func issues(
        in sample: AnySample, index: Int? = nil, options: ValidationOptions, memo: inout QuantityMemo
    ) -> [ValidationIssue] {
        var checker = Checker(sample: sample, index: index, options: options)
        // The memo moves in and out (a swap), not copied: a copy retains the type's description and units.
        swap(&checker.memo, &memo)
        defer { swap(&checker.memo, &memo) }
        checker.checkCommon(sample)
        switch sample {
        case .quantity(let value): checker.check(value, path: nil)
        case .category(let value): checker.check(value, path: nil)
        case .correlation(let value): checker.check(value)
        case .workout(let value): checker.check(value)
        case .workoutRoute(let value): checker.check(value)
        case .payload(let value): checker.check(value)
        }
        return checker.issues
    }
}

extension HealthSample {
    /// Validates this sample alone through ``SampleValidator``.
    /// - Throws: ``ValidationError`` naming each broken rule.
    public func validate(options: ValidationOptions = .default) throws(ValidationError) {
        guard let sample = AnySample(self) else { return }
        let issues = SampleValidator.issues(in: sample, options: options)
        if !issues.isEmpty { throw ValidationError(issues: issues) }
    }
}
