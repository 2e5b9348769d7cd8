#ifndef OHK_SQLITE_SETTINGS_H
#define OHK_SQLITE_SETTINGS_H

/// Turns off SQLite's memory statistics (`SQLITE_CONFIG_MEMSTATUS`): SQLite then no longer takes its global
/// memory mutex to count every allocation and free. `sqlite3_config` is variadic, which Swift cannot call.
///
/// Only takes effect before SQLite is initialized (before the process opens its first database).
/// Returns `SQLITE_OK` (0) when the setting was taken, `SQLITE_MISUSE` (21) when SQLite was already initialized.
int ohk_sqlite_turn_off_memory_statistics(void);

/// Whether SQLite keeps memory statistics: its `sqlite3_memory_used()` stays 0 when it does not.
/// Returns 1 when SQLite reports memory in use, 0 when it reports none.
int ohk_sqlite_reports_memory_used(void);

#endif
