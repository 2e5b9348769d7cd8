import Foundation

extension SampleValidator {
    /// Collects the issues of one sample.
    ///
    /// It keeps what an issue names of the sample (its UUID and type), not the sample: a copy of a sample retains
    /// every reference it holds, once per sample of an import. The sample is lent to ``checkCommon(_:)``.
    struct Checker {
        let uuid: UUID
        let typeIdentifier: String
        let index: Int?
        let options: ValidationOptions
        var issues: [ValidationIssue] = []
        /// What the previous quantity sample's type and unit gave, reused when the next has the same.
        var memo = QuantityMemo()

        init(sample: borrowing AnySample, index: Int?, options: ValidationOptions) {
            self.uuid = sample.uuid
            self.typeIdentifier = sample.sampleType.identifier
            self.index = index
            self.options = options
        }

        mutating func report(_ rule: ValidationRule, _ message: String, path: String? = nil) {
            issues.append(
                ValidationIssue(
                    rule: rule, index: index, uuid: uuid, typeIdentifier: typeIdentifier, path: path,
                    message: message))
        }

        /// Date order, earliest date and metadata of the top-level sample.
        mutating func checkCommon(_ sample: borrowing AnySample) {
            checkInterval(start: sample.startDate, end: sample.endDate, path: nil)
            if let earliest = options.earliestPermittedSampleDate, sample.startDate < earliest {
                report(.earliestDate, "starts before the earliest permitted sample date")
            }
            checkMetadata(sample.metadata, path: nil)
        }

        mutating func checkInterval(start: Date, end: Date, path: String?) {
            if !start.timeIntervalSinceReferenceDate.isFinite || !end.timeIntervalSinceReferenceDate.isFinite {
                report(.finiteValue, "has a date that is not finite", path: path)
            } else if end < start {
                report(.dateOrder, "ends before it starts", path: path)
            }
        }

        // MARK: Quantity and category samples

        mutating func check(_ sample: QuantitySample, path: String?) {
            if path != nil { checkInterval(start: sample.startDate, end: sample.endDate, path: path) }
            let description = memo.description(of: sample.quantityType)
            let canonical = description?.canonicalUnit
            if sample.series.isEmpty {
                // The common case, one quantity over the sample's own interval: no list of one to build.
                checkQuantity(sample.quantity, description: description, canonical: canonical, path: path)
            } else {
                for (position, entry) in sample.series.enumerated() {
                    let where_ = join(path, "series \(position)")
                    checkInterval(start: entry.startDate, end: entry.endDate, path: where_)
                    checkQuantity(entry.quantity, description: description, canonical: canonical, path: where_)
                }
            }
            if let summary = sample.summary { checkSummary(summary, of: sample, description: description, path: path) }
            if let maximum = description?.maximumDuration, sample.duration > maximum {
                report(.maximumDuration, "is longer than the type's maximum of \(formatSeconds(maximum))", path: path)
            }
            if sample.quantityType == .insulinDelivery, sample.metadata[.insulinDeliveryReason] == nil {
                report(.requiredMetadata, "needs metadata \(MetadataKey.insulinDeliveryReason)", path: path)
            }
            if path != nil { checkMetadata(sample.metadata, path: path) }
        }

        mutating func checkSummary(
            _ summary: QuantitySummary, of sample: QuantitySample, description: QuantityTypeDescription?,
            path: String?
        ) {
            let average = (try? sample.quantity.doubleValue(for: sample.quantity.unit)) ?? .nan
            guard summary.minimum.isFinite, summary.maximum.isFinite else {
                report(.finiteValue, "has a summary minimum or maximum that is not finite", path: path)
                return
            }
            if description?.aggregationStyle == .cumulative {
                report(.quantitySummary, "summarises quantities of a cumulative type", path: path)
            } else if !sample.series.isEmpty {
                report(.quantitySummary, "has both a series and a summary", path: path)
            } else if summary.count < 1 {
                report(.quantitySummary, "summarises fewer than one quantity", path: path)
            } else if !(summary.minimum <= average && average <= summary.maximum) {
                report(
                    .quantitySummary, "has a summary whose minimum, average and maximum are out of order", path: path)
            } else if let description, !description.allowsNegativeValues, summary.minimum < 0 {
                report(.nonNegativeValue, "has a negative summary minimum, which the type does not allow", path: path)
            }
        }

        mutating func checkQuantity(
            _ quantity: Quantity,
            description: QuantityTypeDescription?,
            canonical: HealthUnit?,
            path: String?
        ) {
            // The value in its own unit is the stored value (no conversion).
            let value = quantity.value
            guard value.isFinite else {
                report(.finiteValue, "has a value that is not finite", path: path)
                return
            }
            if let canonical, !memo.isCompatible(quantity.unit, with: canonical) {
                report(
                    .unitCompatibility,
                    "unit '\(quantity.unit.unitString)' is not compatible with '\(canonical.unitString)'", path: path)
                return
            }
            if let description, !description.allowsNegativeValues, value < 0 {
                report(.nonNegativeValue, "has a negative value, which the type does not allow", path: path)
            }
        }

        mutating func check(_ sample: CategorySample, path: String?) {
            if path != nil { checkInterval(start: sample.startDate, end: sample.endDate, path: path) }
            if let description = sample.categoryType.typeDescription, !description.isValid(value: sample.value) {
                report(.categoryValue, "value is not one of the type's category values", path: path)
            }
            if sample.categoryType == .menstrualFlow, sample.metadata[.menstrualCycleStart] == nil {
                report(.requiredMetadata, "needs metadata \(MetadataKey.menstrualCycleStart)", path: path)
            }
            if path != nil { checkMetadata(sample.metadata, path: path) }
        }

        // MARK: Metadata

        mutating func checkMetadata(_ metadata: Metadata, path: String?) {
            if metadata.isEmpty { return }  // most samples: nothing to check, no key to hash
            for (key, value) in metadata {
                // Built only for an issue: most entries have none, and a string per entry is an allocation.
                func where_() -> String { join(path, "metadata \(key)") }
                if let kinds = MetadataKey.requiredKinds[key], !kinds.contains(value.kind) {
                    report(
                        .metadataValue,
                        "holds a \(value.kind) where a \(kinds.map(\.rawValue).sorted().joined(separator: " or ")) is required",
                        path: where_())
                    continue
                }
                if case .number(let number) = value, !number.isFinite {
                    report(.finiteValue, "holds a number that is not finite", path: where_())
                } else if let range = MetadataKey.allowedIntegerRanges[key] {
                    if value.intValue.map(range.contains) != true {
                        report(
                            .metadataValue, "must be an integer in \(range.lowerBound)...\(range.upperBound)",
                            path: where_())
                    }
                }
            }
            let hasIdentifier = metadata[.syncIdentifier] != nil
            let hasVersion = metadata[.syncVersion] != nil
            if hasIdentifier != hasVersion {
                report(
                    .syncKeys, "\(MetadataKey.syncIdentifier) and \(MetadataKey.syncVersion) must be given together",
                    path: path)
            }
        }

        func join(_ path: String?, _ part: String) -> String {
            path.map { "\($0) \(part)" } ?? part
        }

        func formatSeconds(_ seconds: TimeInterval) -> String {
            seconds == seconds.rounded() ? "\(Int(seconds)) s" : "\(seconds) s"
        }
    }
}
