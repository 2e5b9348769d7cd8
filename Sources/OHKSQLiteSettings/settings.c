#include <sqlite3.h>
#include "OHKSQLiteSettings.h"

int ohk_sqlite_turn_off_memory_statistics(void) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}

int ohk_sqlite_reports_memory_used(void) {
    return sqlite3_memory_used() > 0 ? 1 : 0;
}
