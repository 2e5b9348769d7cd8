/*
 * SQLite's insert floor on this machine, in C: 1M rows, one transaction per 10k, WAL, synchronous = NORMAL,
 * one prepared statement with values bound directly. A cross-check of ohk-bench's SQLiteFloor.swift
 * (BENCHMARKS.md, "Store"). Not part of any build.
 *
 *   gcc -O2 Benchmarks/floor/sqlite-floor.c -lsqlite3 -o /tmp/sqlite-floor
 *   for v in 0 1 2 3 4 5 6; do /tmp/sqlite-floor $v /tmp/floor.sqlite; done
 *   RANDOM_UUIDS=1 /tmp/sqlite-floor 3 /tmp/floor.sqlite      # version-4-like UUIDs instead of ordered ones
 *
 * Variants (the table's rowid is the anchor in all but 4):
 *   0 table only    1 + UNIQUE uuid    2 + (type, start)    3 + (type, end)
 *   4 clustered by (type, start, anchor) WITHOUT ROWID, with uuid and anchor indexes
 *   5 the store's own 22-column table, its four indexes and two partial ones (as in SQLiteStorage+Schema.swift)
 *   6 the store's own table with the four indexes only
 */
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

#define MINIMAL "CREATE TABLE s(a INTEGER PRIMARY KEY, uuid BLOB%s, type INT, src INT, st REAL, en REAL, v REAL);"
#define STORE                                                                                                     \
    "CREATE TABLE s (a INTEGER PRIMARY KEY, uuid BLOB NOT NULL UNIQUE, kind INTEGER NOT NULL, type INTEGER NOT NULL," \
    " src INTEGER, source_name TEXT, source_version TEXT, product_type TEXT, os_version TEXT, device_id INTEGER,"  \
    " st REAL NOT NULL, en REAL NOT NULL, v REAL, unit TEXT, original_value REAL, category_value INTEGER,"        \
    " activity_type INTEGER, duration REAL, route_workout_uuid BLOB, correlation_uuid BLOB,"                      \
    " has_metadata INTEGER NOT NULL DEFAULT 0, payload BLOB);"                                                    \
    " CREATE INDEX i1 ON s(type, st); CREATE INDEX i2 ON s(type, en);"
#define PARTIAL                                                                                                   \
    " CREATE INDEX i3 ON s(correlation_uuid) WHERE correlation_uuid IS NOT NULL;"                                \
    " CREATE INDEX i4 ON s(route_workout_uuid) WHERE route_workout_uuid IS NOT NULL;"

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: %s VARIANT(0-6) PATH\n", argv[0]);
        return 2;
    }
    int variant = atoi(argv[1]);
    const char *path = argv[2];
    const int total = 1000000;
    char schema[2048], sidecar[1024];
    unlink(path);
    snprintf(sidecar, sizeof sidecar, "%s-wal", path);
    unlink(sidecar);
    switch (variant) {
    case 0: snprintf(schema, sizeof schema, MINIMAL, ""); break;
    case 1: snprintf(schema, sizeof schema, MINIMAL, " UNIQUE"); break;
    case 2: snprintf(schema, sizeof schema, MINIMAL " CREATE INDEX i1 ON s(type, st);", " UNIQUE"); break;
    case 3:
        snprintf(schema, sizeof schema, MINIMAL " CREATE INDEX i1 ON s(type, st); CREATE INDEX i2 ON s(type, en);",
                 " UNIQUE");
        break;
    case 4:
        snprintf(schema, sizeof schema,
                 "CREATE TABLE s(type INT, st REAL, a INT, uuid BLOB, src INT, en REAL, v REAL,"
                 " PRIMARY KEY(type, st, a)) WITHOUT ROWID; CREATE UNIQUE INDEX iu ON s(uuid); CREATE INDEX ia ON s(a);");
        break;
    case 5: snprintf(schema, sizeof schema, STORE PARTIAL); break;
    case 6: snprintf(schema, sizeof schema, STORE); break;
    default: fprintf(stderr, "unknown variant %d\n", variant); return 2;
    }
    sqlite3 *db;
    sqlite3_stmt *insert;
    if (sqlite3_open(path, &db) != SQLITE_OK) return 1;
    sqlite3_exec(db, "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;", 0, 0, 0);
    if (sqlite3_exec(db, schema, 0, 0, 0) != SQLITE_OK) {
        fprintf(stderr, "%s\n", sqlite3_errmsg(db));
        return 1;
    }
    const char *sql = variant >= 5 ? "INSERT INTO s(type, st, a, uuid, src, en, v, kind) VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, 0)"
                                   : "INSERT INTO s(type, st, a, uuid, src, en, v) VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7)";
    if (sqlite3_prepare_v2(db, sql, -1, &insert, 0) != SQLITE_OK) return 1;
    int random_uuids = getenv("RANDOM_UUIDS") != NULL;
    double start = now();
    for (int batch = 0; batch < total; batch += 10000) {
        sqlite3_exec(db, "BEGIN", 0, 0, 0);
        for (int i = batch; i < batch + 10000; i++) {
            unsigned char uuid[16] = {0};
            if (random_uuids) {
                for (int k = 0; k < 16; k++) uuid[k] = (unsigned char)rand();
            } else {
                long long n = i + 1;
                for (int k = 0; k < 8; k++) uuid[15 - k] = (unsigned char)(n >> (8 * k));
                uuid[0] = 1;
            }
            sqlite3_bind_int(insert, 1, 1);
            sqlite3_bind_double(insert, 2, 4e8 + i * 300.0);
            sqlite3_bind_int64(insert, 3, i + 1);
            sqlite3_bind_blob(insert, 4, uuid, 16, SQLITE_TRANSIENT);
            sqlite3_bind_int(insert, 5, i % 2);
            sqlite3_bind_double(insert, 6, 4e8 + i * 300.0 + 300);
            sqlite3_bind_double(insert, 7, 50 + i % 400);
            if (sqlite3_step(insert) != SQLITE_DONE) {
                fprintf(stderr, "%s\n", sqlite3_errmsg(db));
                return 1;
            }
            sqlite3_reset(insert);
        }
        sqlite3_exec(db, "COMMIT", 0, 0, 0);
    }
    printf("variant %d: %.0f rows/s\n", variant, total / (now() - start));
    sqlite3_finalize(insert);
    sqlite3_close(db);
    return 0;
}
