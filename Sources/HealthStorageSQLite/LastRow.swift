import HealthCore

/// What the previous inserted row resolved, so the next row of the same type, source and device reuses it.
///
/// Each entry is a class instance, so a hit costs one retain instead of copying a tuple of strings through
/// the runtime's generic value witnesses (7 % of a row's time, measured in the store benchmark). Two source
/// revisions are kept: the Health app's export lists a type's records by date, so a phone's and a watch's
/// records alternate, and one slot would miss on every row (a hashed lookup of the bundle identifier).
struct LastRow {
    final class TypeEntry {
        let type: SampleType
        let id: Int64
        let canonical: HealthUnit?
        init(type: SampleType, id: Int64, canonical: HealthUnit?) {
            self.type = type
            self.id = id
            self.canonical = canonical
        }
    }

    /// A source revision's two columns: its source's id and its `revisions` row's id.
    final class RevisionEntry {
        let revision: SourceRevision
        let sourceID: Int64
        let revisionID: Int64
        init(revision: SourceRevision, sourceID: Int64, revisionID: Int64) {
            self.revision = revision
            self.sourceID = sourceID
            self.revisionID = revisionID
        }

        /// The same ids for an equal revision (another box of the same values).
        func with(_ equal: SourceRevision) -> RevisionEntry {
            RevisionEntry(revision: equal, sourceID: sourceID, revisionID: revisionID)
        }
    }

    final class DeviceEntry {
        let device: Device
        let id: Int64
        init(device: Device, id: Int64) {
            self.device = device
            self.id = id
        }
    }

    /// A unit with its text, whether it is the type's canonical unit, and its conversion to it (nil when the
    /// two are incompatible, and the canonical column stays empty): worked out once per run of rows, not per row.
    final class UnitEntry {
        let unit: HealthUnit
        let canonical: HealthUnit
        let same: Bool
        let text: BoundText
        let toCanonical: HealthUnit.Converter?
        init(unit: HealthUnit, canonical: HealthUnit) {
            self.unit = unit
            self.canonical = canonical
            self.same = unit == canonical
            self.text = BoundText(unit.unitString)
            self.toCanonical = try? HealthUnit.Converter(from: unit, to: canonical)
        }
    }

    var type: TypeEntry?
    var revision: RevisionEntry?
    /// The revision before ``revision``.
    var otherRevision: RevisionEntry?
    var device: DeviceEntry?
    /// The device before ``device``.
    var otherDevice: DeviceEntry?
    var unit: UnitEntry?
    /// The type id of the last row recorded in `touched`.
    var touchedTypeID: Int64?
}
