import OHKSQLiteSettings

/// Process-wide SQLite settings, applied once by an executable's `main` (a composition root) before it opens any
/// store. A library embedding OpenHealthKit leaves SQLite as the app configured it.
public enum SQLiteProcessSettings {
    /// Turns off SQLite's memory statistics (`SQLITE_CONFIG_MEMSTATUS`). With them on, SQLite counts every
    /// allocation and free under one global mutex; the store's writer allocates on every row (SQLite on Debian is
    /// built without lookaside memory), and the lock was about 6 % of an import's writing thread. Turned off, the
    /// medium export's writing stage took 0.91× the time (BENCHMARKS.md; decision 0017). Nothing in OpenHealthKit
    /// reads those statistics (`sqlite3_memory_used`, `sqlite3_soft_heap_limit64`).
    ///
    /// - Returns: Whether SQLite took the setting: false once SQLite is initialized (the process opened a
    ///   database before), when SQLite keeps its statistics as they are.
    @discardableResult
    public static func turnOffMemoryStatistics() -> Bool {
        ohk_sqlite_turn_off_memory_statistics() == 0
    }

    /// Whether SQLite counts the memory it allocates (its `sqlite3_memory_used()` is above zero while a database
    /// is open when it does). A diagnostic for tests and benchmarks.
    public static var keepsMemoryStatistics: Bool {
        ohk_sqlite_reports_memory_used() != 0
    }
}
